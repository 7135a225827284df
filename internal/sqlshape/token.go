package sqlshape

import (
	"strings"
)

// This file is the tokenizer: SQL text, with holes for the parts not
// known at compile time, split into words, literals and punctuation.

// tokKind is the kind of an SQL token.
type tokKind uint8

const (
	tWord   tokKind = iota + 1 // keyword or unquoted identifier: UPDATE, balance
	tQuoted                    // quoted identifier: "Balance", `balance`
	tString                    // string literal: 'x', $$x$$
	tNumber                    // 42, 1.5
	tParam                     // placeholder: $1, ?, :name, @p1
	tPunct                     // ( ) , ; . = + - * / || :: <= ...
	tHole                      // a piece of the statement not known at compile time
)

// sqlTok is one SQL token; depth counts the parentheses around it.
type sqlTok struct {
	kind  tokKind
	text  string
	depth int
}

// is reports whether t is the keyword kw (given in upper case).
func (t sqlTok) is(kw string) bool { return t.kind == tWord && strings.EqualFold(t.text, kw) }

// punct reports whether t is the punctuation p.
func (t sqlTok) punct(p string) bool { return t.kind == tPunct && t.text == p }

// ident returns the identifier t names, for comparing names: unquoted
// names fold to lower case, quoted ones keep their case. ok is false for
// anything else.
func (t sqlTok) ident() (string, bool) {
	switch t.kind {
	case tWord:
		return strings.ToLower(t.text), true
	case tQuoted:
		return t.text, true
	}
	return "", false
}

// Piece is a part of a statement as written in Go: constant text, or a
// hole for an operand of a concatenation whose value is not known.
type Piece struct {
	Text string
	Hole bool
}

// tokenize splits the pieces of a statement into tokens, dropping
// comments and white space.
func tokenize(pieces []Piece) []sqlTok {
	var out []sqlTok
	depth := 0
	for _, p := range pieces {
		if p.Hole {
			out = append(out, sqlTok{kind: tHole, depth: depth})
			continue
		}
		out, depth = tokenizeText(p.Text, out, depth)
	}
	return out
}

func tokenizeText(s string, out []sqlTok, depth int) ([]sqlTok, int) {
	emit := func(k tokKind, text string) {
		out = append(out, sqlTok{kind: k, text: text, depth: depth})
	}
	i := 0
	for i < len(s) {
		c := s[i]
		switch {
		case c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f':
			i++
		case strings.HasPrefix(s[i:], "--"):
			j := strings.IndexByte(s[i:], '\n')
			if j < 0 {
				return out, depth
			}
			i += j
		case strings.HasPrefix(s[i:], "/*"):
			j := strings.Index(s[i+2:], "*/")
			if j < 0 {
				return out, depth
			}
			i += j + 4
		case c == '\'':
			j := quoteEnd(s, i, '\'')
			emit(tString, s[i:j])
			i = j
		case c == '"' || c == '`':
			j := quoteEnd(s, i, c)
			emit(tQuoted, strings.Trim(s[i:j], string(c)))
			i = j
		case c == '$' && i+1 < len(s) && isDigit(s[i+1]):
			j := i + 1
			for j < len(s) && isDigit(s[j]) {
				j++
			}
			emit(tParam, s[i:j])
			i = j
		case c == '$':
			// Dollar quoting: $$text$$ or $tag$text$tag$.
			j := i + 1
			for j < len(s) && isWordByte(s[j]) {
				j++
			}
			if j >= len(s) || s[j] != '$' {
				emit(tPunct, "$")
				i++
				continue
			}
			tag := s[i : j+1]
			k := strings.Index(s[j+1:], tag)
			if k < 0 {
				emit(tString, s[i:])
				return out, depth
			}
			end := j + 1 + k + len(tag)
			emit(tString, s[i:end])
			i = end
		case c == '?':
			emit(tParam, "?")
			i++
		case (c == ':' || c == '@') && i+1 < len(s) && isWordStart(s[i+1]) && (i == 0 || s[i-1] != ':'):
			j := i + 1
			for j < len(s) && isWordByte(s[j]) {
				j++
			}
			emit(tParam, s[i:j])
			i = j
		case isDigit(c):
			j := i
			for j < len(s) && (isDigit(s[j]) || s[j] == '.') {
				j++
			}
			emit(tNumber, s[i:j])
			i = j
		case isWordStart(c):
			j := i
			for j < len(s) && (isWordByte(s[j]) || s[j] == '$') {
				j++
			}
			emit(tWord, s[i:j])
			i = j
		default:
			if i+1 < len(s) {
				switch two := s[i : i+2]; two {
				case "||", "::", "<=", ">=", "<>", "!=", "->":
					emit(tPunct, two)
					i += 2
					continue
				}
			}
			switch c {
			case '(':
				emit(tPunct, "(")
				depth++
			case ')':
				if depth > 0 {
					depth--
				}
				emit(tPunct, ")")
			default:
				emit(tPunct, string(c))
			}
			i++
		}
	}
	return out, depth
}

// quoteEnd returns the index just past the quoted text starting at s[i],
// where a doubled quote stands for itself ('it”s').
func quoteEnd(s string, i int, q byte) int {
	for j := i + 1; j < len(s); j++ {
		if s[j] == q {
			if j+1 < len(s) && s[j+1] == q {
				j++
				continue
			}
			return j + 1
		}
	}
	return len(s)
}

func isDigit(c byte) bool { return '0' <= c && c <= '9' }
func isWordStart(c byte) bool {
	return c == '_' || 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || c >= 0x80
}
func isWordByte(c byte) bool { return isWordStart(c) || isDigit(c) }
