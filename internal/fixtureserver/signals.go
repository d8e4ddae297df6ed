package fixtureserver

// TrapSignals is a server that is hard to stop: it ignores SIGINT and
// SIGTERM, starts a child that ignores them too (both in its process group),
// and never answers, so a client is still waiting when it is told to quit.
// Like Crash it concerns the process, which the command acts out; over stdio
// it then behaves as Hang.
const TrapSignals Mode = "trap-signals"
