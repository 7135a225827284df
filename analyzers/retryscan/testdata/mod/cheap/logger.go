package cheap

import "context"

// Constructors of structs with no HTTP client: nodeadline must not build
// SSA to read them. Every go vet run analyzes packages like this one
// (loggers, options, codecs) as dependencies.

type Logger struct {
	name  string
	level int
	ctx   context.Context
}

func New(name string) *Logger { return &Logger{name: name, level: 1, ctx: context.Background()} }

func (l *Logger) Named(name string) *Logger {
	c := *l
	c.name = l.name + "." + name
	return &c
}
