package drift

import (
	"path/filepath"
	"reflect"
	"sort"
	"strings"
	"testing"

	"github.com/mcp-contract/mcp-contract/contract"
	"github.com/mcp-contract/mcp-contract/source"
)

// corpusExpect is the decided outcome of every testdata/corpus/drift case
// (sources in each case's NOTE.md): "rule tool pointer", one per finding.
var corpusExpect = map[string][]string{
	// A parameter rename (issueNumber → issue_number) is a removal plus a new
	// required property: both break old calls. The key reordering in the same
	// commit is no finding.
	"gh-assign_copilot-param-renamed-camel-to-snake": {
		"drift/input-property-removed assign_copilot_to_issue /inputSchema/properties/issueNumber",
		"drift/input-required-property-added assign_copilot_to_issue /inputSchema/required/2",
	},
	// Offset to cursor pagination: page removed (breaking), after added
	// (optional, non-breaking). The four description-only edits are warnings;
	// list_issues appears twice because the snapshot holds a feature-flag twin.
	"gh-dependabot-page-to-cursor-pagination": {
		"drift/description-changed get_discussion_comments /inputSchema/properties/after/description",
		"drift/input-property-added list_dependabot_alerts /inputSchema/properties/after",
		"drift/input-property-removed list_dependabot_alerts /inputSchema/properties/page",
		"drift/description-changed list_discussions /inputSchema/properties/after/description",
		"drift/description-changed list_issues /inputSchema/properties/after/description",
		"drift/description-changed list_issues /inputSchema/properties/after/description",
	},
	// Debatable. NOTE.md calls this a widening, and the type is widened
	// (string → string|null). But the string branch gained minLength 1, so an
	// empty string, valid before, is rejected now: we report that as a
	// breaking tightening, judging the declared contract as oasdiff does.
	"gh-issue_type-string-to-anyOf-nullable": {
		"drift/description-changed issue_write /inputSchema/properties/duplicate_of/description",
		"drift/input-type-widened issue_write /inputSchema/properties/type",
		"drift/input-constraint-tightened issue_write /inputSchema/properties/type/anyOf/0/minLength",
		"drift/description-changed issue_write /inputSchema/properties/type/description",
		"drift/description-changed update_issue_type /description",
		"drift/input-type-widened update_issue_type /inputSchema/properties/issue_type",
		"drift/input-constraint-tightened update_issue_type /inputSchema/properties/issue_type/anyOf/0/minLength",
		"drift/description-changed update_issue_type /inputSchema/properties/issue_type/description",
	},
	// owner_type leaves "required" (non-breaking), projects_write gains four
	// optional parameters, descriptions change; assign_copilot_to_issue only
	// changed key order and yields nothing.
	"gh-projects-owner_type-made-optional": {
		"drift/description-changed projects_get /inputSchema/properties/owner/description",
		"drift/input-property-became-optional projects_get /inputSchema/properties/owner_type",
		"drift/description-changed projects_get /inputSchema/properties/owner_type/description",
		"drift/description-changed projects_list /inputSchema/properties/owner/description",
		"drift/input-property-became-optional projects_list /inputSchema/properties/owner_type",
		"drift/description-changed projects_list /inputSchema/properties/owner_type/description",
		"drift/input-property-added projects_write /inputSchema/properties/issue_number",
		"drift/description-changed projects_write /inputSchema/properties/item_id/description",
		"drift/input-property-added projects_write /inputSchema/properties/item_owner",
		"drift/input-property-added projects_write /inputSchema/properties/item_repo",
		"drift/description-changed projects_write /inputSchema/properties/owner/description",
		"drift/input-property-became-optional projects_write /inputSchema/properties/owner_type",
		"drift/description-changed projects_write /inputSchema/properties/owner_type/description",
		"drift/input-property-added projects_write /inputSchema/properties/pull_request_number",
	},
	// NOTE.md expects "annotation changes only"; we report none at all. All
	// 166 edits make idempotentHint:false and readOnlyHint:false explicit,
	// which are the spec defaults, so the tools mean exactly what they meant.
	"gh-sdk-upgrade-annotation-hints-made-explicit": {},
	// NOTE.md accepts removed+added or a rename: identical schemas, one rename.
	"gh-tool-renamed-write_label-to-label_write": {
		"drift/tool-renamed label_write /name",
	},
	// 22 tools removed with no look-alike added: 22 breaking removals (their
	// replacements existed before this commit, so no rename is inferred).
	"gh-tools-removed-nonconsolidated-actions-projects": {
		"drift/tool-removed add_project_item ",
		"drift/tool-removed cancel_workflow_run ",
		"drift/tool-removed delete_project_item ",
		"drift/tool-removed delete_workflow_run_logs ",
		"drift/tool-removed download_workflow_run_artifact ",
		"drift/tool-removed get_project ",
		"drift/tool-removed get_project_field ",
		"drift/tool-removed get_project_item ",
		"drift/tool-removed get_workflow_run ",
		"drift/tool-removed get_workflow_run_logs ",
		"drift/tool-removed get_workflow_run_usage ",
		"drift/tool-removed list_project_fields ",
		"drift/tool-removed list_project_items ",
		"drift/tool-removed list_projects ",
		"drift/tool-removed list_workflow_jobs ",
		"drift/tool-removed list_workflow_run_artifacts ",
		"drift/tool-removed list_workflow_runs ",
		"drift/tool-removed list_workflows ",
		"drift/tool-removed rerun_failed_jobs ",
		"drift/tool-removed rerun_workflow_run ",
		"drift/tool-removed run_workflow ",
		"drift/tool-removed update_project_item ",
	},
	// Two tools added. read_text_file has read_file's schema, but read_file
	// stays, so it is an addition, not a rename. The deprecation notice in
	// read_file's description is a warning to read.
	"npm-filesystem-read_text_file-read_media_file-added": {
		"drift/description-changed list_allowed_directories /description",
		"drift/description-changed read_file /description",
		"drift/tool-added read_media_file ",
		"drift/tool-added read_text_file ",
	},
	// read_media_file's output items became "the old object, or a resource
	// item" (issue 28): one breaking finding that names the change, with
	// "data" and "mimeType" no longer required in its details; "type" is
	// required by both branches and is not reported. "blob" left the old
	// branch's enum (an output narrowing), the description changed and every
	// tool's openWorldHint went from true to false.
	"npm-filesystem-read_media_file-content-becomes-union": {
		"drift/annotation-changed create_directory /annotations/openWorldHint",
		"drift/annotation-changed directory_tree /annotations/openWorldHint",
		"drift/annotation-changed edit_file /annotations/openWorldHint",
		"drift/annotation-changed get_file_info /annotations/openWorldHint",
		"drift/annotation-changed list_allowed_directories /annotations/openWorldHint",
		"drift/annotation-changed list_directory /annotations/openWorldHint",
		"drift/annotation-changed list_directory_with_sizes /annotations/openWorldHint",
		"drift/annotation-changed move_file /annotations/openWorldHint",
		"drift/annotation-changed read_file /annotations/openWorldHint",
		"drift/annotation-changed read_media_file /annotations/openWorldHint",
		"drift/annotation-changed read_multiple_files /annotations/openWorldHint",
		"drift/annotation-changed read_text_file /annotations/openWorldHint",
		"drift/annotation-changed search_files /annotations/openWorldHint",
		"drift/annotation-changed write_file /annotations/openWorldHint",
		"drift/description-changed read_media_file /description",
		"drift/output-constraint-relaxed read_media_file /outputSchema/properties/content/items",
		"drift/output-enum-value-removed read_media_file /outputSchema/properties/content/items/anyOf/0/properties/type/enum",
	},
	// Mixed semantic change and generator noise. Reported per tool: the new
	// outputSchema (non-breaking), the new title (warning), the new execution
	// field, and additionalProperties:false dropped from the input root and
	// item objects (the input opened: non-breaking). The added "$schema" key
	// is not a change in what the schema accepts and is not reported.
	"npm-memory-outputSchema-added-sdk-upgrade": {
		"drift/tool-metadata-changed add_observations /execution",
		"drift/input-constraint-relaxed add_observations /inputSchema",
		"drift/input-constraint-relaxed add_observations /inputSchema/properties/observations/items",
		"drift/output-schema-added add_observations /outputSchema",
		"drift/title-changed add_observations /title",
		"drift/tool-metadata-changed create_entities /execution",
		"drift/input-constraint-relaxed create_entities /inputSchema",
		"drift/input-constraint-relaxed create_entities /inputSchema/properties/entities/items",
		"drift/output-schema-added create_entities /outputSchema",
		"drift/title-changed create_entities /title",
		"drift/tool-metadata-changed create_relations /execution",
		"drift/input-constraint-relaxed create_relations /inputSchema",
		"drift/input-constraint-relaxed create_relations /inputSchema/properties/relations/items",
		"drift/output-schema-added create_relations /outputSchema",
		"drift/title-changed create_relations /title",
		"drift/tool-metadata-changed delete_entities /execution",
		"drift/input-constraint-relaxed delete_entities /inputSchema",
		"drift/output-schema-added delete_entities /outputSchema",
		"drift/title-changed delete_entities /title",
		"drift/tool-metadata-changed delete_observations /execution",
		"drift/input-constraint-relaxed delete_observations /inputSchema",
		"drift/input-constraint-relaxed delete_observations /inputSchema/properties/deletions/items",
		"drift/output-schema-added delete_observations /outputSchema",
		"drift/title-changed delete_observations /title",
		"drift/tool-metadata-changed delete_relations /execution",
		"drift/input-constraint-relaxed delete_relations /inputSchema",
		"drift/input-constraint-relaxed delete_relations /inputSchema/properties/relations/items",
		"drift/output-schema-added delete_relations /outputSchema",
		"drift/title-changed delete_relations /title",
		"drift/tool-metadata-changed open_nodes /execution",
		"drift/input-constraint-relaxed open_nodes /inputSchema",
		"drift/output-schema-added open_nodes /outputSchema",
		"drift/title-changed open_nodes /title",
		"drift/tool-metadata-changed read_graph /execution",
		"drift/input-constraint-relaxed read_graph /inputSchema",
		"drift/output-schema-added read_graph /outputSchema",
		"drift/title-changed read_graph /title",
		"drift/tool-metadata-changed search_nodes /execution",
		"drift/input-constraint-relaxed search_nodes /inputSchema",
		"drift/output-schema-added search_nodes /outputSchema",
		"drift/title-changed search_nodes /title",
	},
}

func loadCase(t *testing.T, dir, name string) *contract.Catalog {
	t.Helper()
	c, err := source.LoadFile(filepath.Join(dir, name))
	if err != nil {
		t.Fatal(err)
	}
	c.Server = filepath.Base(dir)
	return c
}

func TestCorpusCases(t *testing.T) {
	dirs, err := filepath.Glob("../testdata/corpus/drift/*")
	if err != nil || len(dirs) == 0 {
		t.Fatalf("no corpus cases: %v", err)
	}
	for _, dir := range dirs {
		name := filepath.Base(dir)
		t.Run(name, func(t *testing.T) {
			want, ok := corpusExpect[name]
			if !ok {
				t.Fatalf("corpus case %s has no expectation: read its NOTE.md and decide", name)
			}
			old, new := loadCase(t, dir, "before.json"), loadCase(t, dir, "after.json")
			got := []string{}
			for _, f := range Compare(old, new, Options{}) {
				got = append(got, f.Rule+" "+f.Tool+" "+f.Pointer)
				if f.Category != contract.CategoryDrift || f.Server != name || f.Patch == nil || f.Line == 0 {
					t.Errorf("incomplete finding %+v", f)
				}
				wantFile := "after.json"
				if f.Rule == "drift/tool-removed" || strings.HasSuffix(f.Rule, "-removed") && strings.Contains(f.Rule, "property") {
					wantFile = "before.json"
				}
				if filepath.Base(f.File) != wantFile {
					t.Errorf("%s %s located in %s, want %s", f.Rule, f.Pointer, f.File, wantFile)
				}
			}
			sort.Strings(got)
			want = append([]string{}, want...)
			sort.Strings(want)
			if !reflect.DeepEqual(got, want) {
				t.Errorf("findings\n got %q\nwant %q", got, want)
			}
		})
	}
}
