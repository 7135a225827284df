package catalog

import (
	"go/types"
	"regexp"
)

// ID generators and idempotency-key sinks, for the keyregen analyzer.
// Facts come from ../shared/reference/retry-libraries.md §5 and §6, read
// from the module sources; every row is exercised by the keyregen tests
// against the module version named in its comment.

// GenKind says how a generator hands out its fresh value.
type GenKind uint8

const (
	// GenFresh returns a fresh value each call: uuid.NewString().
	GenFresh GenKind = iota + 1
	// GenWrap returns its first argument, fresh iff that is:
	// uuid.Must(uuid.NewRandom()).
	GenWrap
	// GenFill writes fresh bytes into its argument Arg: rand.Read(b).
	GenFill
)

// Generator is a function or method whose every call yields a new unique
// (or random, or time-derived) value. Name-based UUIDs (v3, v5, NewSHA1,
// NewMD5) are deterministic and deliberately absent: the same namespace
// and name give the same key on every attempt, which is what a retry
// wants.
type Generator struct {
	Symbol
	Kind GenKind
	// Arg is the argument GenFill writes into.
	Arg int
	// Display is the short name used in diagnostics ("uuid.NewString").
	Display string
}

const (
	googleUUID = "github.com/google/uuid"
	gofrsV5    = "github.com/gofrs/uuid/v5"
	gofrs      = "github.com/gofrs/uuid"
	satori     = "github.com/satori/go.uuid"
	hashiUUID  = "github.com/hashicorp/go-uuid"
	rsXID      = "github.com/rs/xid"
	oklogV2    = "github.com/oklog/ulid/v2"
	oklog      = "github.com/oklog/ulid"
	ksuid      = "github.com/segmentio/ksuid"
	grpcMD     = "google.golang.org/grpc/metadata"
	stripeMod  = "github.com/stripe/stripe-go" // any major version, see stripePkg
)

var generators = func() []Generator {
	var rows []Generator
	add := func(pkg, recv, short string, kind GenKind, names ...string) {
		for _, n := range names {
			d := short + "." + n
			if recv != "" {
				d = short + "." + recv + "." + n
			}
			rows = append(rows, Generator{Symbol: Symbol{pkg, recv, n}, Kind: kind, Display: d})
		}
	}
	// google/uuid v1.6.0: random and time-based constructors.
	add(googleUUID, "", "uuid", GenFresh, "New", "NewString", "NewRandom", "NewRandomFromReader",
		"NewV7", "NewV7FromReader", "NewV6", "NewUUID", "NewDCESecurity", "NewDCEPerson", "NewDCEGroup")
	add(googleUUID, "", "uuid", GenWrap, "Must")
	// gofrs/uuid v5.5.1 (and the same names at the v4 path): package
	// functions and the methods of *Gen.
	for _, pkg := range []string{gofrsV5, gofrs} {
		add(pkg, "", "uuid", GenFresh, "NewV1", "NewV4", "NewV6", "NewV7", "NewV1AtTime", "NewV6AtTime", "NewV7AtTime")
		add(pkg, "Gen", "uuid", GenFresh, "NewV1", "NewV4", "NewV6", "NewV7", "NewV1AtTime", "NewV6AtTime", "NewV7AtTime")
		add(pkg, "", "uuid", GenWrap, "Must")
	}
	// satori/go.uuid v1.2.0: NewV1, NewV2, NewV4 return UUID.
	add(satori, "", "uuid", GenFresh, "NewV1", "NewV2", "NewV4")
	add(satori, "", "uuid", GenWrap, "Must")
	// hashicorp/go-uuid v1.0.4.
	add(hashiUUID, "", "uuid", GenFresh, "GenerateUUID", "GenerateUUIDWithReader", "GenerateRandomBytes", "GenerateRandomBytesWithReader")
	// rs/xid v1.6.0.
	add(rsXID, "", "xid", GenFresh, "New", "NewWithTime")
	// oklog/ulid v2.1.2 (and v1).
	for _, pkg := range []string{oklogV2, oklog} {
		add(pkg, "", "ulid", GenFresh, "Make", "New", "MustNew", "MustNewDefault")
	}
	// segmentio/ksuid v1.0.4.
	add(ksuid, "", "ksuid", GenFresh, "New", "NewRandom", "NewRandomWithTime")
	// stripe-go v85.0.0: NewIdempotencyKey is UnixNano plus random bytes.
	add(stripeMod, "", "stripe", GenFresh, "NewIdempotencyKey")
	// crypto/rand (go1.26).
	add("crypto/rand", "", "rand", GenFresh, "Text", "Int", "Prime")
	rows = append(rows, Generator{Symbol: Symbol{"crypto/rand", "", "Read"}, Kind: GenFill, Arg: 0, Display: "rand.Read"})
	// math/rand and math/rand/v2: package functions and *Rand methods.
	v1 := []string{"Int", "Intn", "Int31", "Int31n", "Int63", "Int63n", "Uint32", "Uint64", "Float32", "Float64", "ExpFloat64", "NormFloat64"}
	v2 := []string{"Int", "IntN", "Int32", "Int32N", "Int64", "Int64N", "Uint", "UintN", "Uint32", "Uint32N", "Uint64", "Uint64N", "Float32", "Float64", "N", "ExpFloat64", "NormFloat64"}
	add("math/rand", "", "rand", GenFresh, v1...)
	add("math/rand", "Rand", "rand", GenFresh, v1...)
	add("math/rand/v2", "", "rand", GenFresh, v2...)
	add("math/rand/v2", "Rand", "rand", GenFresh, v2...)
	rows = append(rows,
		Generator{Symbol: Symbol{"math/rand", "", "Read"}, Kind: GenFill, Arg: 0, Display: "rand.Read"},
		Generator{Symbol: Symbol{"math/rand", "Rand", "Read"}, Kind: GenFill, Arg: 0, Display: "rand.Read"})
	// time.Now: every value formatted from it (UnixNano, Format, String)
	// differs between attempts.
	add("time", "", "time", GenFresh, "Now")
	return rows
}()

var generatorIndex = index(generators, func(g *Generator) Symbol { return g.Symbol })

// Generators returns every catalogued generator (for documentation and
// tests).
func Generators() []Generator { return generators }

// LookupGenerator returns the generator row fn is, or nil.
func LookupGenerator(fn *types.Func) *Generator {
	if fn == nil {
		return nil
	}
	s := SymbolOf(fn)
	s.Pkg = stripePkg(s.Pkg)
	return generatorIndex[s]
}

// CryptoRandReader is crypto/rand.Reader: io.ReadFull(rand.Reader, b) and
// rand.Reader.Read(b) fill b with fresh bytes.
var CryptoRandReader = Symbol{"crypto/rand", "", "Reader"}

var stripeMajor = regexp.MustCompile(`^github\.com/stripe/stripe-go/v[0-9]+$`)

// stripePkg maps every major version of stripe-go to one catalog path:
// the names of its generator and sinks have not changed since v72.
func stripePkg(pkg string) string {
	if stripeMajor.MatchString(pkg) {
		return stripeMod
	}
	return pkg
}

// HeaderArgs says where a header-setting call takes its names and values.
type HeaderArgs uint8

const (
	// HeaderPair: Name is the header name argument, Value the first value
	// argument (variadic values follow): h.Set("Idempotency-Key", k),
	// md.Append("idempotency-key", k).
	HeaderPair HeaderArgs = iota + 1
	// HeaderPairs: the arguments from Name on alternate key and value:
	// metadata.Pairs("idempotency-key", k).
	HeaderPairs
)

// HeaderSetter is a call that sets a header or metadata entry. Map
// arguments (resty SetHeaders, metadata.New) and literals (http.Header{})
// need no row: keyregen reads every map literal with constant keys.
type HeaderSetter struct {
	Symbol
	Args        HeaderArgs
	Name, Value int
}

var headerSetters = func() []HeaderSetter {
	rows := []HeaderSetter{
		// net/http: also how retryablehttp requests are given headers,
		// since its Request embeds *http.Request.
		{Symbol{"net/http", "Header", "Set"}, HeaderPair, 0, 1},
		{Symbol{"net/http", "Header", "Add"}, HeaderPair, 0, 1},
		// grpc v1.85.0 metadata.
		{Symbol{grpcMD, "MD", "Set"}, HeaderPair, 0, 1},
		{Symbol{grpcMD, "MD", "Append"}, HeaderPair, 0, 1},
		{Symbol{grpcMD, "", "Pairs"}, HeaderPairs, 0, 0},
		{Symbol{grpcMD, "", "AppendToOutgoingContext"}, HeaderPairs, 1, 0},
		// nats.go v1.55.0: a message's headers (Header, a
		// map[string][]string of its own).
		{Symbol{natsGo, "Header", "Set"}, HeaderPair, 0, 1},
		{Symbol{natsGo, "Header", "Add"}, HeaderPair, 0, 1},
	}
	// go-resty v2.17.2 and resty.dev/v3, on the request and the client.
	for _, pkg := range []string{restyV2, restyV3} {
		for _, recv := range []string{"Request", "Client"} {
			rows = append(rows,
				HeaderSetter{Symbol{pkg, recv, "SetHeader"}, HeaderPair, 0, 1},
				HeaderSetter{Symbol{pkg, recv, "SetHeaderVerbatim"}, HeaderPair, 0, 1})
		}
	}
	return rows
}()

var headerSetterIndex = index(headerSetters, func(h *HeaderSetter) Symbol { return h.Symbol })

// headerSetterNames lets most calls be rejected by name alone.
var headerSetterNames = func() map[string]bool {
	m := map[string]bool{}
	for _, h := range headerSetters {
		m[h.Symbol.Name] = true
	}
	return m
}()

// LookupHeaderSetter returns the header-setting row fn is, or nil.
func LookupHeaderSetter(fn *types.Func) *HeaderSetter {
	if fn == nil || !headerSetterNames[fn.Name()] {
		return nil
	}
	return headerSetterIndex[SymbolOf(fn)]
}

// headerPkgs are the packages with header setter rows, and
// go-retryablehttp, whose Request embeds an *http.Request.
var headerPkgs = func() map[string]bool {
	m := map[string]bool{retryHTTP: true}
	for _, h := range headerSetters {
		m[h.Symbol.Pkg] = true
	}
	return m
}()

// HeaderPackage reports a package whose types carry headers a call may
// set: net/http, gRPC metadata, resty, NATS, go-retryablehttp. A package
// that imports none of them sets no header on what it is handed.
func HeaderPackage(path string) bool { return headerPkgs[path] }

// HeaderSetters returns every header setter row (for tests).
func HeaderSetters() []HeaderSetter { return headerSetters }

// HeaderStruct is a message header written as a struct of a name and a
// value, as Kafka clients write a record's headers:
//
//	kafka.Header{Key: "idempotency-key", Value: []byte(uuid.NewString())}
//	sarama.RecordHeader{Key: []byte("idempotency-key"), Value: []byte(key)}
//
// Name and Value are the fields' names; a literal may also set them by
// position, in the order the struct declares them.
type HeaderStruct struct {
	Pkg, Type   string
	Name, Value string
}

var headerStructs = []HeaderStruct{
	// segmentio/kafka-go v0.4.51: kafka.Header is an alias of protocol.Header.
	{"github.com/segmentio/kafka-go/protocol", "Header", "Key", "Value"},
	// twmb/franz-go v1.21.5.
	{"github.com/twmb/franz-go/pkg/kgo", "RecordHeader", "Key", "Value"},
	// IBM/sarama v1.62.0 and Shopify/sarama v1.38.1: the name is a []byte too.
	{"github.com/IBM/sarama", "RecordHeader", "Key", "Value"},
	{"github.com/Shopify/sarama", "RecordHeader", "Key", "Value"},
}

var headerStructIndex = index(headerStructs, func(h *HeaderStruct) Symbol { return Symbol{Pkg: h.Pkg, Name: h.Type} })

// LookupHeaderStruct returns the header struct row of a type, or nil.
func LookupHeaderStruct(t types.Type) *HeaderStruct {
	n, ok := types.Unalias(t).(*types.Named)
	if !ok || n.Obj().Pkg() == nil {
		return nil
	}
	return headerStructIndex[Symbol{Pkg: n.Obj().Pkg().Path(), Name: n.Obj().Name()}]
}

// HeaderStructs returns every header struct row (for tests).
func HeaderStructs() []HeaderStruct { return headerStructs }
