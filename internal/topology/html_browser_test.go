package topology

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/log"
	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"
)

// The page is tested where it runs: in a real headless Chromium (Debian's
// chromium package). Without one the test skips, unless
// RETRYLINT_BROWSER_TEST=1 (set by .ci/run, which installs it) says it
// must run.
//
// -screenshot writes a PNG of the page; -report renders a JSON report
// (retrylint report -format=json) instead of the fixture, for the
// screenshot in docs/:
//
//	go test ./internal/topology -run TestHTMLInBrowser -report $PWD/r.json -screenshot $PWD/docs/report.png -width 1400
var (
	screenshot = flag.String("screenshot", "", "write a PNG of the rendered page to this `file`")
	reportJSON = flag.String("report", "", "render this JSON report `file` instead of the test fixture")
	width      = flag.Int("width", 1400, "the browser window's `width`")
	scale      = flag.Float64("scale", 1, "the device `scale` factor for -screenshot (0.9 makes a smaller picture)")
)

func chromium(t *testing.T) string {
	for _, name := range []string{"chromium", "chromium-browser"} {
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	if os.Getenv("RETRYLINT_BROWSER_TEST") == "1" {
		t.Fatal("RETRYLINT_BROWSER_TEST=1 but no chromium on PATH (apt-get install chromium)")
	}
	t.Skip("no chromium on PATH; set RETRYLINT_BROWSER_TEST=1 to make this a failure")
	return ""
}

// browserPage holds a tab showing a rendered report and what the tab did:
// console errors, exceptions and network requests.
type browserPage struct {
	ctx      context.Context
	url      string
	mu       sync.Mutex
	errors   []string
	requests []string
}

func openInBrowser(t *testing.T, r *Report) *browserPage {
	t.Helper()
	bin := chromium(t)
	dir := t.TempDir()
	file := filepath.Join(dir, "report.html")
	f, err := os.Create(file)
	if err != nil {
		t.Fatal(err)
	}
	if err := HTML(f, r); err != nil {
		t.Fatal(err)
	}
	if err := f.Close(); err != nil {
		t.Fatal(err)
	}

	// The background-networking flags matter on a closed network, where
	// Chromium's own fetches are refused and reported as errors.
	actx, cancelAlloc := chromedp.NewExecAllocator(context.Background(),
		chromedp.ExecPath(bin),
		chromedp.Headless, chromedp.NoSandbox, chromedp.DisableGPU, chromedp.NoFirstRun,
		chromedp.Flag("disable-quic", true),
		chromedp.Flag("disable-background-networking", true),
		chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-sync", true),
		chromedp.Flag("disable-extensions", true),
		chromedp.Flag("disable-default-apps", true),
		chromedp.Flag("no-default-browser-check", true),
		chromedp.Flag("disable-dev-shm-usage", true),
		chromedp.UserDataDir(filepath.Join(dir, "profile")),
		chromedp.WindowSize(*width, 1000),
	)
	ctx, cancelTab := chromedp.NewContext(actx)
	t.Cleanup(func() { cancelTab(); cancelAlloc() })
	if err := chromedp.Do(ctx); err != nil { // start the browser, with no deadline on it
		t.Fatalf("starting %s: %v", bin, err)
	}

	p := &browserPage{url: (&url.URL{Scheme: "file", Path: file}).String()}
	err = chromedp.Listen(ctx, func(ev any) {
		p.mu.Lock()
		defer p.mu.Unlock()
		switch ev := ev.(type) {
		case *runtime.EventConsoleAPICalled:
			if ev.Type == runtime.ConsoleAPICalledTypeError || ev.Type == runtime.ConsoleAPICalledTypeAssert {
				p.errors = append(p.errors, fmt.Sprintf("console.%s: %s", ev.Type, remoteArgs(ev.Args)))
			}
		case *runtime.EventExceptionThrown:
			d := ev.ExceptionDetails
			text := d.Text
			if d.Exception != nil {
				text += " " + d.Exception.Description
			}
			p.errors = append(p.errors, fmt.Sprintf("exception at %s:%d: %s", d.URL, d.LineNumber+1, text))
		case *log.EventEntryAdded: // CSP violations and failed loads land here
			if ev.Entry.Level == log.EntryLevelError {
				p.errors = append(p.errors, fmt.Sprintf("log %s: %s", ev.Entry.Source, ev.Entry.Text))
			}
		case *network.EventRequestWillBeSent:
			p.requests = append(p.requests, ev.Request.URL)
		}
	})
	if err != nil {
		t.Fatal(err)
	}
	tctx, cancel := context.WithTimeout(ctx, 30*time.Second)
	t.Cleanup(cancel)
	p.ctx = tctx
	if err := chromedp.Do(tctx, chromedp.Navigate(p.url)); err != nil {
		t.Fatalf("loading the report: %v", err)
	}
	return p
}

func remoteArgs(args []*runtime.RemoteObject) string {
	var s []string
	for _, a := range args {
		if len(a.Value) > 0 {
			s = append(s, string(a.Value))
		} else {
			s = append(s, a.Description)
		}
	}
	return strings.Join(s, " ")
}

// eval runs a JavaScript expression whose value is JSON-encodable into T.
func eval[T any](t *testing.T, p *browserPage, expr string) T {
	t.Helper()
	v, err := chromedp.Run(p.ctx, chromedp.Evaluate[T](expr))
	if err != nil {
		t.Fatalf("evaluating %s: %v", expr, err)
	}
	return v
}

func do(t *testing.T, p *browserPage, what string, steps ...chromedp.Action[chromedp.Void]) {
	t.Helper()
	if err := chromedp.Do(p.ctx, steps...); err != nil {
		t.Fatalf("%s: %v", what, err)
	}
}

// quiet checks the page logged no error and fetched nothing but itself.
func (p *browserPage) quiet(t *testing.T) {
	t.Helper()
	p.mu.Lock()
	defer p.mu.Unlock()
	for _, e := range p.errors {
		t.Errorf("browser: %s", e)
	}
	for _, u := range p.requests {
		if u != p.url {
			t.Errorf("the page requested %s; it must not touch the network", u)
		}
	}
}

const visibleInventory = `[...document.querySelectorAll('#inventory tbody tr')]
	.filter(r => r.getClientRects().length > 0).map(r => r.dataset.site)`

func TestHTMLInBrowser(t *testing.T) {
	r := chainFixture()
	if *reportJSON != "" {
		data, err := os.ReadFile(*reportJSON)
		if err != nil {
			t.Fatal(err)
		}
		r = new(Report)
		if err := json.Unmarshal(data, r); err != nil {
			t.Fatalf("%s: %v", *reportJSON, err)
		}
	}
	p := openInBrowser(t, r)
	if *screenshot != "" {
		// The picture traces the deepest chain: the story of the report.
		deepest := -1
		for i, path := range r.Paths {
			if deepest < 0 || path.Layers > r.Paths[deepest].Layers {
				deepest = i
			}
		}
		if deepest >= 0 && deepest < maxPathRows {
			do(t, p, "tracing the deepest path", chromedp.Click(fmt.Sprintf("#path-%d", deepest)))
		}
		if *scale != 1 {
			do(t, p, "scaling", chromedp.EmulateViewport(int64(*width), 1000, chromedp.EmulateScale(*scale)))
		}
		png, err := chromedp.Run(p.ctx, chromedp.FullScreenshot(100))
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(*screenshot, png, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if *reportJSON != "" {
		p.quiet(t)
		return // the interactions below know the fixture
	}

	// One box per node, one retry box per site.
	if got := eval[int](t, p, `document.querySelectorAll('#graph g.node').length`); got != len(r.Nodes) {
		t.Errorf("graph has %d nodes, want %d", got, len(r.Nodes))
	}
	var sites []string
	for _, s := range r.Sites {
		sites = append(sites, s.ID)
	}
	got := eval[[]string](t, p, `[...document.querySelectorAll('#graph g.node[data-kind=retry]')].map(g => g.dataset.site).sort()`)
	if !slices.Equal(got, sites) {
		t.Errorf("retry nodes show sites %v, want %v", got, sites)
	}

	// Clicking the bank's retry shows its site and its source location,
	// and traces the worst path through it (45 calls).
	do(t, p, "clicking a node", chromedp.Click("#node-n7"), chromedp.WaitVisible("#detail-location"))
	if loc := eval[string](t, p, `document.getElementById('detail-location').textContent`); loc != "bank/conn.go:40:3" {
		t.Errorf("detail panel shows location %q, want bank/conn.go:40:3", loc)
	}
	detail := eval[string](t, p, `document.getElementById('detail').innerText`)
	for _, want := range []string{"retry.Do", "github.com/avast/retry-go/v4", "Attempts\n3", "×45", "(*api.Server).Checkout → "} {
		if !strings.Contains(detail, want) {
			t.Errorf("detail panel lacks %q:\n%s", want, detail)
		}
	}
	onPath := eval[[]string](t, p, `[...document.querySelectorAll('#graph .node.on-path')].map(g => g.dataset.node)`)
	if want := r.Paths[1].Nodes; !slices.Equal(onPath, want) {
		t.Errorf("traced path %v, want %v", onPath, want)
	}

	// Sorting: base delay ascending puts the loop without a constant delay
	// first; attempts clicked twice is descending, unbounded first, equal
	// counts in their previous order.
	order := `[...document.querySelectorAll('#inventory tbody tr')].map(r => r.dataset.site)`
	for _, tc := range []struct {
		col, clicks int
		want        []string
	}{
		{6, 1, []string{"s1", "s0", "s2", "s3"}}, // base delay: —, 100ms, 500ms, 1s
		{5, 2, []string{"s3", "s2", "s1", "s0"}}, // attempts: ∞, 5, 3, 3
		{2, 1, []string{"s0", "s1", "s2", "s3"}}, // function name
	} {
		sel := fmt.Sprintf("#inventory thead th:nth-child(%d) button", tc.col)
		for range tc.clicks {
			do(t, p, "sorting", chromedp.Click(sel))
		}
		if got := eval[[]string](t, p, order); !slices.Equal(got, tc.want) {
			t.Errorf("sorted by column %d (%d clicks): %v, want %v", tc.col, tc.clicks, got, tc.want)
		}
	}

	// Filtering hides the rows that do not match every word.
	if got := eval[[]string](t, p, visibleInventory); len(got) != len(r.Sites) {
		t.Fatalf("before filtering %d rows are visible, want %d", len(got), len(r.Sites))
	}
	do(t, p, "filtering", chromedp.SendKeys("#inventory-filter", "loop worker"))
	if got := eval[[]string](t, p, visibleInventory); !slices.Equal(got, []string{"s3"}) {
		t.Errorf("filtered by %q: rows %v visible, want [s3]", "loop worker", got)
	}
	if got := eval[string](t, p, `document.getElementById('inventory-count').textContent`); got != "1 of 4 sites" {
		t.Errorf("count after filtering: %q", got)
	}

	// A row of the paths table traces its path.
	do(t, p, "clicking a path", chromedp.Click("#path-2"))
	onPath = eval[[]string](t, p, `[...document.querySelectorAll('#graph .node.on-path')].map(g => g.dataset.node)`)
	if want := r.Paths[2].Nodes; !slices.Equal(onPath, want) {
		t.Errorf("path row 2 traced %v, want %v", onPath, want)
	}
	p.quiet(t)
}

// boxes is what the page draws for each node: its full name (the
// tooltip), its label lines, its caption, whether a call leads to it,
// the widest label line in pixels and whether the box is in view across
// (the graph scrolls down, never sideways at first).
type box struct {
	ID, Kind, Title, Caption string
	Lines                    []string
	Called, Route            bool // a call leads to it; it serves a route
	TextW                    float64
	InView                   bool
}

const boxesJS = `(() => {
	const view = document.querySelector('.graph-scroll').getBoundingClientRect();
	const called = new Set([...document.querySelectorAll('#graph .edge')].map(e => e.dataset.to));
	const data = JSON.parse(document.getElementById('report-data').textContent);
	return [...document.querySelectorAll('#graph g.node')].map(g => {
		const r = g.getBoundingClientRect();
		return {
			ID: g.dataset.node, Kind: g.dataset.kind,
			Title: g.querySelector('title').textContent,
			Caption: g.querySelector('text.caption').textContent,
			Lines: [...g.querySelectorAll('text.label')].map(t => t.textContent),
			Called: called.has(g.dataset.node),
			Route: !!data.nodes[g.dataset.node].serves,
			TextW: Math.max(...[...g.querySelectorAll('text.label')].map(t => t.getComputedTextLength()),
				g.querySelector('text.caption').getComputedTextLength() + (g.querySelector('rect.badge') ? g.querySelector('rect.badge').width.baseVal.value + 8 : 0)),
			InView: r.left >= view.left - 1 && r.right <= view.right + 1,
		};
	});
})()`

// checkBoxes checks the node boxes a new user complained about: labels
// cut from the left ("...lient).Do"), every function called an entry
// point, the outbound column out of view at 1400 px.
func checkBoxes(t *testing.T, p *browserPage) {
	t.Helper()
	boxes := eval[[]box](t, p, boxesJS)
	if len(boxes) == 0 {
		t.Fatal("no node boxes")
	}
	for _, b := range boxes {
		first, last := b.Lines[0], b.Lines[len(b.Lines)-1]
		_, tail, cut := strings.Cut(last, "…")
		if !cut {
			tail = last
		}
		head, _, _ := strings.Cut(first, "…")
		switch {
		case strings.HasPrefix(first, "…"):
			t.Errorf("node %s: label %q is cut from the left", b.ID, first)
		case !strings.HasPrefix(b.Title, head) || !strings.HasSuffix(b.Title, tail):
			t.Errorf("node %s: lines %q do not keep both ends of %q", b.ID, b.Lines, b.Title)
		case b.TextW > nodeW-22:
			t.Errorf("node %s: text %q is %.0f px wide, more than its box", b.ID, b.Lines, b.TextW)
		case !b.InView:
			t.Errorf("node %s (%s) is not in view at %d px: the graph box cuts it off", b.ID, b.Title, *width)
		}
		// Only an entry point nothing calls is called one; one that
		// serves a route shows the route instead.
		if b.Kind == string(NodeEntry) && b.Called == strings.HasPrefix(b.Caption, "entry") && !b.Route {
			t.Errorf("node %s: caption %q, called by another node: %v (only an entry point nothing calls says so)", b.ID, b.Caption, b.Called)
		}
		if b.Kind != string(NodeEntry) && strings.HasPrefix(b.Caption, "entry") {
			t.Errorf("node %s (%s): caption %q", b.ID, b.Kind, b.Caption)
		}
	}
}

// TestHTMLFixesInBrowser checks, on the fixture at 1400 px, what a new
// user found wrong with the page: node labels, "entry point" on every
// function, the findings the header counted, the source the detail panel
// promised, the graph box.
func TestHTMLFixesInBrowser(t *testing.T) {
	r := chainFixture()
	p := openInBrowser(t, r)
	checkBoxes(t, p)
	// The long outbound label keeps its method's name: "...lient).Do"
	// was all a user saw.
	lines := eval[[]string](t, p, `[...document.querySelectorAll('#node-n8 text.label')].map(t => t.textContent)`)
	if got := strings.Join(lines, ""); !strings.Contains(got, "(*net/http.") || !strings.Contains(got, ".Do") {
		t.Errorf("outbound node's label lines %q, want its receiver and its method", lines)
	}
	if got := eval[string](t, p, `document.getElementById('summary').innerText`); !strings.Contains(got, "3 findings (1 not at a retry site)") {
		t.Errorf("header: %q, want the finding at no retry site counted", got)
	}
	if got := eval[int](t, p, `document.querySelectorAll('#elsewhere tbody tr').length`); got != 1 {
		t.Errorf("%d rows of findings at no retry site, want 1", got)
	}
	// The detail panel shows the site's lines, its own marked.
	do(t, p, "clicking the bank's retry", chromedp.Click("#node-n7"), chromedp.WaitVisible("#detail-source"))
	src := eval[[]string](t, p, `[...document.querySelectorAll('#detail-source .line')].map(l => l.textContent)`)
	here := eval[string](t, p, `document.querySelector('#detail-source .line.here').textContent`)
	if len(src) != 3 || !strings.Contains(here, "40") || !strings.Contains(here, "return retry.Do(") {
		t.Errorf("source in the detail panel: %q, marked %q; want 3 lines with line 40 marked", src, here)
	}
	// An outbound call says what it calls and what is not known of it.
	do(t, p, "clicking the outbound call", chromedp.Click("#node-n8"), chromedp.WaitVisible("#detail-location"))
	if d := eval[string](t, p, `document.getElementById('detail').innerText`); !strings.Contains(d, "POST /transfers") || !strings.Contains(d, "the host comes from field base") {
		t.Errorf("outbound detail lacks its target and why its host is not known:\n%s", d)
	}
	p.quiet(t)
}

// mergedServices is the merged report of the four-service example, as
// cmd/retrylint's TestMergeServices writes it with -update.
const mergedServices = "../../testdata/services/golden/merged.json.golden"

// TestMergedHTMLInBrowser checks the merged page of the four services:
// one lane per service in the order requests flow, the calls between
// them drawn and labelled with the calls that cross them, 243 at the
// bottom.
func TestMergedHTMLInBrowser(t *testing.T) {
	data, err := os.ReadFile(mergedServices)
	if err != nil {
		t.Fatal(err)
	}
	r := new(Report)
	if err := json.Unmarshal(data, r); err != nil {
		t.Fatal(err)
	}
	p := openInBrowser(t, r)
	checkBoxes(t, p)
	lanes := eval[[]string](t, p, `[...document.querySelectorAll('#graph .lane-title')].map(t => t.textContent)`)
	if want := []string{"example.com/shop/gateway", "example.com/shop/orders", "example.com/shop/ledger", "example.com/shop/bank"}; !slices.Equal(lanes, want) {
		t.Errorf("lanes %v, want %v", lanes, want)
	}
	// Each lane holds its service's nodes.
	misplaced := eval[[]string](t, p, `(() => {
		const lanes = [...document.querySelectorAll('#graph .lane')].map(l => l.getBoundingClientRect());
		const titles = [...document.querySelectorAll('#graph .lane-title')].map(t => t.textContent);
		const data = JSON.parse(document.getElementById('report-data').textContent);
		return [...document.querySelectorAll('#graph g.node')].filter(g => {
			const r = g.getBoundingClientRect(), i = titles.indexOf(data.nodes[g.dataset.node].service);
			return i < 0 || r.top < lanes[i].top || r.bottom > lanes[i].bottom;
		}).map(g => g.dataset.node);
	})()`)
	if len(misplaced) > 0 {
		t.Errorf("nodes %v are outside their service's lane", misplaced)
	}
	links := eval[[]string](t, p, `[...document.querySelectorAll('#graph .link-label')].map(t => t.textContent)`)
	if want := []string{"×3 per request", "×27 per request", "×81 per request"}; !slices.Equal(links, want) {
		t.Errorf("labels of the calls between services %v, want %v", links, want)
	}
	visible := eval[int](t, p, `[...document.querySelectorAll('#graph .edge.link')].filter(e => {
		const b = e.getBBox(); return b.width > 0 && b.height > 0 && getComputedStyle(e).strokeWidth !== '0px';
	}).length`)
	if visible != 3 {
		t.Errorf("%d calls between services drawn, want 3", visible)
	}
	if got := eval[string](t, p, `document.getElementById('summary').innerText`); !strings.Contains(got, "×243") || !strings.Contains(got, "SERVICES\n4") && !strings.Contains(got, "Services\n4") {
		t.Errorf("header %q, want 4 services and ×243", got)
	}
	calls := eval[[]string](t, p, `[...document.querySelectorAll('#services tbody tr')].map(r => r.cells[0].textContent + ' ' + r.cells[6].textContent)`)
	if want := []string{"example.com/shop/gateway ×1", "example.com/shop/orders ×3", "example.com/shop/ledger ×27", "example.com/shop/bank ×81"}; !slices.Equal(calls, want) {
		t.Errorf("services table %v, want %v", calls, want)
	}
	// The orders loop waits a constant 100ms: its base delay, which the
	// page used to show as "—".
	delays := eval[[]string](t, p, `[...document.querySelectorAll('#inventory tbody tr')].filter(r => r.cells[0].textContent.includes('place.go:51')).map(r => r.cells[5].textContent)`)
	if !slices.Equal(delays, []string{"100ms"}) {
		t.Errorf("base delay of the orders loop %q, want 100ms", delays)
	}
	// A row of the calls between services shows the entry point called.
	do(t, p, "clicking the call of the ledger", chromedp.Click("#links tbody tr:nth-child(2)"), chromedp.WaitVisible("#detail-location"))
	if d := eval[string](t, p, `document.getElementById('detail').innerText`); !strings.Contains(d, "(*server.Server).Debit") || !strings.Contains(d, "/ledger.v1.Ledger/Debit") {
		t.Errorf("detail after clicking the ledger call:\n%s", d)
	}
	p.quiet(t)
}
