//go:build !cgo

package plagiarism

import (
	"context"
	"errors"
)

// ParserAvailable reports whether this build can tokenize Python (the
// tree-sitter parser needs cgo).
const ParserAvailable = false

// Tokens fails: this binary was built without cgo, so it has no Python
// parser.
func Tokens(ctx context.Context, src []byte) ([]string, error) {
	return nil, errors.New("plagiarism detection needs a build with cgo (the tree-sitter Python parser); this binary was built with CGO_ENABLED=0")
}
