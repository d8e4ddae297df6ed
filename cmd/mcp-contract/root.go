package main

import (
	"fmt"
	"io"
	"os"
	"runtime/debug"

	"github.com/mcp-contract/mcp-contract/contract"
	"github.com/mcp-contract/mcp-contract/internal/fileio"
	"github.com/mcp-contract/mcp-contract/internal/safetext"
	"github.com/mcp-contract/mcp-contract/source"
	"github.com/spf13/cobra"
)

// version is set at build time with -ldflags "-X main.version=v1.2.3".
var version = ""

// readBuildInfo is debug.ReadBuildInfo; tests give the answers of builds
// they cannot make here (`go install …@v1.2.3` needs the published module).
var readBuildInfo = debug.ReadBuildInfo

// programVersion is the stamped version of a release binary, else the module
// version the Go toolchain recorded (`go install …@v1.2.3` records v1.2.3; a
// build in a git checkout, a pseudo-version), else "dev".
func programVersion() string {
	if version != "" {
		return version
	}
	if info, ok := readBuildInfo(); ok && info.Main.Version != "" && info.Main.Version != "(devel)" {
		return info.Main.Version
	}
	return "dev"
}

// cli is where one invocation writes, and the secrets it masks there. The
// flags belong to each command (flags.go), what a run learned to its
// pipeline.Result.
type cli struct {
	stdout, stderr io.Writer
	// masker hides every secret the run learned (config, client config and
	// flag values), in every output.
	masker *safetext.Masker
}

func newCLI(stdout, stderr io.Writer) *cli {
	return &cli{stdout: stdout, stderr: stderr, masker: safetext.NewMasker(source.NetworkSecrets(os.LookupEnv)...)}
}

func (c *cli) rootCommand() *cobra.Command {
	root := &cobra.Command{
		Use:           "mcp-contract",
		Short:         "Lint, snapshot and diff the tool contracts of MCP servers",
		SilenceUsage:  true,
		SilenceErrors: true,
		Version:       programVersion(),
	}
	root.SetOut(c.stdout)
	root.SetErr(c.stderr)
	root.SetFlagErrorFunc(flagError)
	root.SetVersionTemplate("mcp-contract {{.Version}}\n")
	root.AddCommand(
		c.newLint(false).cmd,
		c.snapshotCommand(),
		c.newDrift().cmd,
		c.newCollisions().cmd,
		c.newLint(true).cmd,
		c.sanitizeCommand(),
		c.validateCommand(),
		c.rulesCommand(),
		c.explainCommand(),
		c.reportCommand(),
		c.initCommand(),
		c.actionCommand(),
		c.commentCommand(),
		c.issuesCommand(),
		c.baselineCommand(),
		c.openapiCommand(),
		c.versionCommand(),
	)
	return root
}

// flagError is a bad flag: a usage error, for the command line and the
// Action's args input alike.
func flagError(_ *cobra.Command, err error) error { return usagef("%v (see --help)", err) }

func (c *cli) versionCommand() *cobra.Command {
	return &cobra.Command{
		Use:   "version",
		Short: "Print the version",
		Args:  cobra.NoArgs,
		RunE: func(*cobra.Command, []string) error {
			_, err := fmt.Fprintf(c.stdout, "mcp-contract %s\n", programVersion())
			return err
		},
	}
}

// line is text from a server, file or config made fit for one line of text
// output or stderr: secrets masked first, then neutralised.
func (c *cli) line(s string) string { return safetext.Line(c.masker.Mask(s)) }

// note writes one line the pipeline has made safe to stderr.
func (c *cli) note(line string) { fmt.Fprintln(c.stderr, line) }

func colorTerminal(w io.Writer) bool {
	if os.Getenv("NO_COLOR") != "" || os.Getenv("TERM") == "dumb" {
		return false
	}
	f, ok := w.(*os.File)
	if !ok {
		return false
	}
	info, err := f.Stat()
	return err == nil && info.Mode()&os.ModeCharDevice != 0
}

// writeOutput writes what write produces to output (-o): "-" is standard
// output, anything else goes through fileio.WriteOutput (atomic for a
// regular file, in place for /dev/null or a pipe, never renamed over a
// device).
func (c *cli) writeOutput(output string, write func(io.Writer) error) error {
	if output == "-" {
		return write(c.stdout)
	}
	return contract.FileInput(fileio.WriteOutput(output, write))
}

// binaryIdentity is what tells this binary's lint cache apart: its
// version, and its path, size and modification time, so a rebuilt
// development binary does not reuse its predecessor's findings.
func binaryIdentity() string {
	binary := programVersion()
	if exe, err := os.Executable(); err == nil {
		if info, err := os.Stat(exe); err == nil {
			binary += fmt.Sprintf(" %s %d %d", exe, info.Size(), info.ModTime().UnixNano())
		}
	}
	return binary
}
