//go:build cgo

package plagiarism

import (
	"context"
	"fmt"
	"strings"

	sitter "github.com/smacker/go-tree-sitter"
	"github.com/smacker/go-tree-sitter/python"
)

// ParserAvailable reports whether this build can tokenize Python (the
// tree-sitter parser needs cgo).
const ParserAvailable = true

// Tokens parses Python source with tree-sitter's Python grammar and returns
// Dolos' token stream: for every named node, depth first, "(", the node's
// type, its named children's tokens, ")"; nodes whose type contains
// "comment" are left out (their children are not).
func Tokens(ctx context.Context, src []byte) ([]string, error) {
	p := sitter.NewParser()
	defer p.Close()
	p.SetLanguage(python.GetLanguage())
	tree, err := p.ParseCtx(ctx, nil, src)
	if err != nil {
		return nil, fmt.Errorf("parsing: %w", err)
	}
	defer tree.Close()
	var toks []string
	var walk func(n *sitter.Node)
	walk = func(n *sitter.Node) {
		typ := n.Type()
		keep := !strings.Contains(typ, "comment")
		if keep {
			toks = append(toks, "(", typ)
		}
		for i := 0; i < int(n.NamedChildCount()); i++ {
			walk(n.NamedChild(i))
		}
		if keep {
			toks = append(toks, ")")
		}
	}
	walk(tree.RootNode())
	return toks, nil
}
