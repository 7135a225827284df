package topology

import (
	"bytes"
	"encoding/json"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

func render(t *testing.T, r *Report) string {
	t.Helper()
	var b bytes.Buffer
	if err := HTML(&b, r); err != nil {
		t.Fatalf("HTML: %v", err)
	}
	return b.String()
}

func TestHTMLDeterministic(t *testing.T) {
	first := render(t, chainFixture())
	for range 5 { // maps inside the renderer must not leak their order
		if again := render(t, chainFixture()); again != first {
			t.Fatal("two renderings of the same report differ")
		}
	}
}

// reportData is the JSON the page's script reads.
func reportData(t *testing.T, page string) pageData {
	t.Helper()
	m := regexp.MustCompile(`(?s)<script type="application/json" id="report-data">(.*?)</script>`).FindStringSubmatch(page)
	if m == nil {
		t.Fatal("no report-data script in the page")
	}
	var d pageData
	if err := json.Unmarshal([]byte(m[1]), &d); err != nil {
		t.Fatalf("report-data is not JSON: %v\n%s", err, m[1])
	}
	return d
}

func TestHTMLEscapesHostileStrings(t *testing.T) {
	const evil = `</script><script>alert(1)</script><img src=x onerror=alert(2)>`
	r := chainFixture()
	r.Nodes[2].Label = "(*orders.Client)." + evil
	r.Sites[1].Func = evil
	r.Sites[1].Findings[0].Message = evil + ` "quoted' & more`
	r.Tool = evil
	page := render(t, r)

	if n := strings.Count(page, "<script"); n != 2 {
		t.Errorf("page has %d <script tags, want 2 (the data and the code)", n)
	}
	for _, bad := range []string{"</script><script>", "<script>alert", "<img"} {
		if strings.Contains(page, bad) {
			t.Errorf("page contains %q unescaped", bad)
		}
	}
	d := reportData(t, page)
	if got := d.Nodes["n2"].Label; got != r.Nodes[2].Label {
		t.Errorf("node label in the data = %q, want %q", got, r.Nodes[2].Label)
	}
	if got := d.Sites["s1"].Findings[0].Message; got != r.Sites[1].Findings[0].Message {
		t.Errorf("finding in the data = %q, want %q", got, r.Sites[1].Findings[0].Message)
	}
}

func TestHTMLOffline(t *testing.T) {
	page := render(t, chainFixture())
	for _, bad := range []string{"http://", "https://", "//cdn", " src=", " href=", "@import", "url(http"} {
		if strings.Contains(page, bad) {
			t.Errorf("page contains %q: it must not reference the network", bad)
		}
	}
	if !strings.Contains(page, `content="default-src &#39;none&#39;; style-src &#39;sha256-`) {
		t.Error("page has no Content-Security-Policy forbidding fetches")
	}
}

func TestHTMLContents(t *testing.T) {
	r := chainFixture()
	page := render(t, r)
	for _, n := range r.Nodes {
		if !strings.Contains(page, `id="node-`+n.ID+`"`) {
			t.Errorf("no SVG node for %s", n.ID)
		}
	}
	for _, s := range r.Sites {
		if !strings.Contains(page, `<tr id="site-`+s.ID+`" data-site="`+s.ID+`"`) {
			t.Errorf("no inventory row for %s", s.ID)
		}
	}
	for i := range r.Paths {
		if !strings.Contains(page, `id="path-`+strconv.Itoa(i)+`"`) {
			t.Errorf("no row for path %d", i)
		}
	}
	// The summary: 4 sites, 3 layers deep, worst path unbounded.
	for _, want := range []string{
		"<title>retrylint report: 4 retry sites, 3 layers deep, worst ∞</title>",
		`<span class="value">3 layers</span>`,
		`data-amp="×45"`, // the bank's retry lies on the 45-call path
		`<span class="pill amp-4">×45</span>`,
		"<td class=\"num\">1.37</td>", // E[N] of 3·5·3 at p = 0.1: 1.11 × 1.1111 × 1.11
	} {
		if !strings.Contains(page, want) {
			t.Errorf("page lacks %s", want)
		}
	}
	d := reportData(t, page)
	if got, want := d.Paths[d.Nodes["n7"].Worst].Amp, "×45"; got != want {
		t.Errorf("worst path through n7: %s, want %s", got, want)
	}
	if got := d.Nodes["n11"].Amp; got != "∞" {
		t.Errorf("worst path through the unbounded loop: %s, want ∞", got)
	}
}
