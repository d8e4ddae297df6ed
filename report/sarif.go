package report

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"io"
	"sort"
	"strings"

	"github.com/mcp-contract/mcp-contract/contract"
	"github.com/mcp-contract/mcp-contract/internal/safetext"
)

// SARIFSchema is the schema URI GitHub code scanning documents for 2.1.0.
const SARIFSchema = "https://json.schemastore.org/sarif-2.1.0.json"

// SARIFOptions control the SARIF report.
type SARIFOptions struct {
	Meta Meta
	// Rules are the rules that ran; a finding's rule missing here is added
	// with its id alone, so every result has its rule.
	Rules []contract.RuleInfo
	// HelpURI returns where a rule is documented ("" for none).
	HelpURI func(id string) string
	// Masker hides secrets in every message.
	Masker *safetext.Masker
	// Places locate the findings that have no file of their own, since
	// GitHub code scanning rejects a whole upload when one result lacks a
	// physical location: Servers maps a server to its committed snapshot
	// file or its config entry, Config is the config file for findings
	// about all servers together. Every path is repository-relative and
	// exists in the work tree.
	Places Places
	// Snapshots are the committed snapshots: a finding about a live server
	// is located on its node in the server's snapshot, as annotations are.
	Snapshots []*contract.Catalog
	// Exists reports whether a repository-relative path is in the work
	// tree; a finding located at a git ref ("git:REF:path") is placed on
	// the same path in the work tree only when it is. Nil: every path is.
	Exists func(path string) bool
	// AllowedBy names the label that lets the pull request's breaking
	// changes through: their results are notes that say who allowed them.
	AllowedBy string

	origins map[string]string
}

// Places are where findings without a file of their own are located.
type Places struct {
	Servers map[string]contract.Location
	Config  contract.Location
}

// Hand-written SARIF 2.1.0 types: only what GitHub code scanning reads,
// with results always present (GitHub rejects a run without them).
type sarifLog struct {
	Schema  string     `json:"$schema"`
	Version string     `json:"version"`
	Runs    []sarifRun `json:"runs"`
}

type sarifRun struct {
	Tool sarifTool `json:"tool"`
	// Invocations carry the servers that could not be reached, which have
	// no result of their own: a scan without them would read as clean.
	Invocations []sarifInvocation `json:"invocations,omitempty"`
	Results     []sarifResult     `json:"results"`
}

type sarifInvocation struct {
	ExecutionSuccessful        bool                `json:"executionSuccessful"`
	ToolExecutionNotifications []sarifNotification `json:"toolExecutionNotifications"`
}

type sarifNotification struct {
	Level   string    `json:"level"`
	Message sarifText `json:"message"`
}

type sarifTool struct {
	Driver sarifDriver `json:"driver"`
}

type sarifDriver struct {
	Name           string      `json:"name"`
	Version        string      `json:"version,omitempty"`
	InformationURI string      `json:"informationUri,omitempty"`
	Rules          []sarifRule `json:"rules"`
}

type sarifText struct {
	Text     string `json:"text"`
	Markdown string `json:"markdown,omitempty"`
}

type sarifRule struct {
	ID                   string         `json:"id"`
	Name                 string         `json:"name,omitempty"`
	ShortDescription     sarifText      `json:"shortDescription"`
	FullDescription      sarifText      `json:"fullDescription"`
	Help                 sarifText      `json:"help"`
	HelpURI              string         `json:"helpUri,omitempty"`
	DefaultConfiguration sarifConfig    `json:"defaultConfiguration"`
	Properties           map[string]any `json:"properties,omitempty"`
}

type sarifConfig struct {
	Level string `json:"level"`
}

type sarifResult struct {
	RuleID              string            `json:"ruleId"`
	RuleIndex           int               `json:"ruleIndex"`
	Level               string            `json:"level"`
	Message             sarifText         `json:"message"`
	Locations           []sarifLocation   `json:"locations,omitempty"`
	RelatedLocations    []sarifLocation   `json:"relatedLocations,omitempty"`
	PartialFingerprints map[string]string `json:"partialFingerprints"`
	// BaselineState tells code scanning what the pull request did: "new",
	// "unchanged" (the base had it), "absent" (the base had it and the pull
	// request fixed it); omitted when nothing was compared.
	BaselineState string         `json:"baselineState,omitempty"`
	Properties    map[string]any `json:"properties,omitempty"`
}

type sarifLocation struct {
	ID               *int                   `json:"id,omitempty"`
	PhysicalLocation *sarifPhysicalLocation `json:"physicalLocation,omitempty"`
	LogicalLocations []sarifLogical         `json:"logicalLocations,omitempty"`
	Message          *sarifText             `json:"message,omitempty"`
}

type sarifPhysicalLocation struct {
	ArtifactLocation sarifArtifact `json:"artifactLocation"`
	Region           *sarifRegion  `json:"region,omitempty"`
}

type sarifArtifact struct {
	URI string `json:"uri"`
}

type sarifRegion struct {
	StartLine   int `json:"startLine"`
	StartColumn int `json:"startColumn,omitempty"`
}

type sarifLogical struct {
	FullyQualifiedName string `json:"fullyQualifiedName"`
	Kind               string `json:"kind,omitempty"`
}

// SARIF writes a SARIF 2.1.0 log for GitHub code scanning: every rule that
// ran, one result per finding located by a repository-relative URI, and a
// fingerprint made of what identifies a finding (rule, server, tool, JSON
// pointer, message) rather than its line, so an alert survives a reformatted snapshot.
func SARIF(w io.Writer, r *contract.Result, opts SARIFOptions) error {
	rules := append([]contract.RuleInfo(nil), opts.Rules...)
	index := map[string]int{}
	for _, info := range rules {
		index[info.ID] = -1
	}
	for _, f := range r.Findings {
		if _, ok := index[f.Rule]; !ok {
			index[f.Rule] = -1
			rules = append(rules, contract.RuleInfo{ID: f.Rule, Severity: f.Severity, Summary: f.Rule})
		}
	}
	sort.Slice(rules, func(i, j int) bool { return rules[i].ID < rules[j].ID })
	driver := sarifDriver{
		Name:           opts.Meta.Name,
		Version:        opts.Meta.Version,
		InformationURI: "https://github.com/mcp-contract/mcp-contract",
		Rules:          make([]sarifRule, 0, len(rules)),
	}
	for i, info := range rules {
		index[info.ID] = i
		driver.Rules = append(driver.Rules, sarifRuleOf(info, opts.HelpURI))
	}
	opts.origins = origins(r)
	results := make([]sarifResult, 0, len(r.Findings))
	for _, f := range r.Findings {
		if f.Severity == contract.Off {
			continue
		}
		placeOnSnapshot(&f, opts.Snapshots)
		res := sarifResultOf(f, index[f.Rule], &opts)
		if f.New != nil {
			res.BaselineState = "unchanged"
			if *f.New {
				res.BaselineState = "new"
			}
		}
		if opts.AllowedBy != "" && partOf(&f) == partBreaking {
			res.Level = "note"
			res.Properties["allowedBy"] = opts.AllowedBy
		}
		results = append(results, res)
	}
	// What the change fixed is reported absent, so code scanning closes
	// the alert with the pull request instead of after the next scan.
	for _, f := range r.Fixed {
		if f.Severity == contract.Off {
			continue
		}
		if _, ok := index[f.Rule]; !ok {
			continue // a rule that no longer ran has no alert to close here
		}
		res := sarifResultOf(f, index[f.Rule], &opts)
		res.BaselineState = "absent"
		results = append(results, res)
	}
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	return enc.Encode(sarifLog{
		Schema:  SARIFSchema,
		Version: "2.1.0",
		Runs:    []sarifRun{{Tool: sarifTool{Driver: driver}, Invocations: sarifInvocations(r, opts.Masker), Results: results}},
	})
}

// origins maps each server to the file its tools came from ("" when they
// did not come from a file), and "" to the first such file: where a
// finding with no file of its own (a limit counted over a whole tool list,
// a fact about all servers together) is located when the config gives no
// place, so that no result lacks the physical location code scanning needs.
func origins(r *contract.Result) map[string]string {
	out := map[string]string{}
	for _, s := range r.Servers {
		p, ok := strings.CutPrefix(s.Origin, "file:")
		if !ok {
			continue
		}
		out[s.Name] = p
		if _, ok := out[""]; !ok {
			out[""] = p
		}
	}
	return out
}

// sarifInvocations is one failed invocation naming each unreachable server,
// or none when every server answered.
func sarifInvocations(r *contract.Result, m *safetext.Masker) []sarifInvocation {
	var notes []sarifNotification
	for _, s := range r.Servers {
		if s.Error != "" {
			notes = append(notes, sarifNotification{Level: "error", Message: sarifText{Text: m.Mask("server " + s.Name + " unreachable: " + s.Error)}})
		}
	}
	if notes == nil {
		return nil
	}
	return []sarifInvocation{{ExecutionSuccessful: false, ToolExecutionNotifications: notes}}
}

func sarifRuleOf(info contract.RuleInfo, helpURI func(string) string) sarifRule {
	summary := info.Summary
	if summary == "" {
		summary = info.ID
	}
	help := info.Help
	if help == "" {
		help = summary
	}
	rule := sarifRule{
		ID:                   info.ID,
		Name:                 info.ID,
		ShortDescription:     sarifText{Text: limitText(summary, 1024)},
		FullDescription:      sarifText{Text: limitText(help, 1024)},
		Help:                 sarifText{Text: help + "\n\nmcp-contract explain " + info.ID},
		DefaultConfiguration: sarifConfig{Level: sarifLevel(info.Severity)},
	}
	if helpURI != nil {
		rule.HelpURI = helpURI(info.ID)
	}
	// GitHub ignores helpUri and shows help.markdown, so the link goes there too.
	md := help + "\n\nRun `mcp-contract explain " + info.ID + "` for this text in a terminal."
	if rule.HelpURI != "" {
		md += " Documentation: <" + rule.HelpURI + ">."
	}
	rule.Help.Markdown = md
	group, _, _ := strings.Cut(info.ID, "/")
	tags := []string{"mcp"}
	if group != "" && group != "mcp" {
		tags = append(tags, group)
	}
	rule.Properties = map[string]any{"tags": tags}
	return rule
}

func sarifResultOf(f contract.Finding, ruleIndex int, opts *SARIFOptions) sarifResult {
	masker := opts.Masker
	msg := masker.Mask(f.Message)
	if f.Fix != "" {
		msg += " Fix: " + masker.Mask(f.Fix)
	}
	res := sarifResult{
		RuleID:    f.Rule,
		RuleIndex: ruleIndex,
		Level:     sarifLevel(f.Severity),
		Message:   sarifText{Text: msg},
		PartialFingerprints: map[string]string{
			"primaryLocationLineHash": fingerprint(f),
		},
	}
	loc := sarifLocationOf(maskLocation(opts.place(contract.Location{
		Server: f.Server, Tool: f.Tool, Pointer: f.Pointer, File: f.File, Line: f.Line, Column: f.Column,
	}), masker))
	if loc.PhysicalLocation != nil || loc.LogicalLocations != nil {
		res.Locations = []sarifLocation{loc}
	}
	for i, rel := range f.Related {
		rel = maskLocation(opts.place(rel), masker)
		loc := sarifLocationOf(rel)
		id := i + 1
		loc.ID = &id
		loc.Message = &sarifText{Text: strings.TrimPrefix(logicalName(rel.Server, rel.Tool, rel.Pointer), "/")}
		res.RelatedLocations = append(res.RelatedLocations, loc)
	}
	f.Server, f.Tool, f.Pointer = masker.Mask(f.Server), masker.Mask(f.Tool), masker.Mask(f.Pointer)
	props := map[string]any{"category": f.Category}
	if f.Change != "" {
		props["change"] = f.Change
	}
	if f.Server != "" {
		props["server"] = f.Server
	}
	if f.Tool != "" {
		props["tool"] = f.Tool
	}
	if f.Pointer != "" {
		props["pointer"] = f.Pointer
	}
	if len(f.Details) > 0 {
		details := make([]string, len(f.Details))
		for i, d := range f.Details {
			details[i] = masker.Mask(d)
		}
		props["details"] = details
	}
	res.Properties = props
	return res
}

// maskLocation masks the names and pointer of l: they were masked where the
// tools arrived, but a report read back from a file may not have been.
func maskLocation(l contract.Location, masker *safetext.Masker) contract.Location {
	l.Server, l.Tool, l.Pointer = masker.Mask(l.Server), masker.Mask(l.Tool), masker.Mask(l.Pointer)
	return l
}

// place gives l a file in the work tree: a file at a git ref becomes the
// same path in the work tree (without its line, which is the ref's), and a
// place without a file (a live server, a removed file, a finding about
// the whole server or all servers) takes the server's place or the config
// file's. The logical location (server, tool, pointer) stays as it was.
func (o *SARIFOptions) place(l contract.Location) contract.Location {
	if rest, ok := strings.CutPrefix(l.File, "git:"); ok {
		l.File, l.Line, l.Column = "", 0, 0
		if _, p, ok := strings.Cut(rest, ":"); ok && (o.Exists == nil || o.Exists(p)) {
			l.File = p
		}
	}
	if l.File != "" {
		return l
	}
	at := o.Places.Config
	if p, ok := o.Places.Servers[l.Server]; ok && l.Server != "" {
		at = p
	}
	if at.File == "" {
		at = contract.Location{File: o.origins[l.Server]}
	}
	l.File, l.Line, l.Column = at.File, at.Line, at.Column
	return l
}

func sarifLocationOf(l contract.Location) sarifLocation {
	var loc sarifLocation
	if l.File != "" {
		loc.PhysicalLocation = &sarifPhysicalLocation{ArtifactLocation: sarifArtifact{URI: sarifURI(l.File)}}
		if l.Line > 0 {
			loc.PhysicalLocation.Region = &sarifRegion{StartLine: l.Line, StartColumn: l.Column}
		}
	}
	if name := logicalName(l.Server, l.Tool, l.Pointer); name != "" {
		loc.LogicalLocations = []sarifLogical{{FullyQualifiedName: name, Kind: "member"}}
	}
	return loc
}

func logicalName(server, tool, pointer string) string {
	name := server
	if tool != "" {
		name += "/" + tool
	}
	return name + pointer
}

// sarifURI turns a repository-relative path into a relative URI reference:
// forward slashes, and characters a URI cannot hold percent-encoded.
func sarifURI(p string) string {
	p = strings.ReplaceAll(p, "\\", "/")
	var b strings.Builder
	for i := 0; i < len(p); i++ {
		c := p[i]
		if c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || strings.IndexByte("-._~/!$&'()*+,;=@", c) >= 0 {
			b.WriteByte(c)
			continue
		}
		b.WriteString("%" + strings.ToUpper(hex.EncodeToString([]byte{c})))
	}
	return b.String()
}

// fingerprint identifies a finding across runs independently of its line:
// two findings of one rule on one node differ only by message (two recorded
// calls rejected), which is stable from run to run.
func fingerprint(f contract.Finding) string {
	h := sha256.Sum256([]byte(strings.Join([]string{f.Rule, f.Server, f.Tool, f.Pointer, f.Message}, "\x00")))
	return hex.EncodeToString(h[:16]) + ":1"
}

func sarifLevel(s contract.Severity) string {
	switch s {
	case contract.Error:
		return "error"
	case contract.Warning:
		return "warning"
	}
	return "note"
}

func limitText(s string, n int) string {
	if len(s) <= n {
		return s
	}
	cut := n - len("…")
	for cut > 0 && !utf8RuneStart(s[cut]) {
		cut--
	}
	return s[:cut] + "…"
}

func utf8RuneStart(b byte) bool { return b&0xC0 != 0x80 }
