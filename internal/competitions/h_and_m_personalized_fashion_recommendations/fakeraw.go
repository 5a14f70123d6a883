package h_and_m_personalized_fashion_recommendations

import (
	"fmt"
	"path/filepath"
	"strings"
	"time"

	"github.com/mlebench/mlebench/internal/competition"
	"github.com/mlebench/mlebench/internal/competitions/internal/synth"
	"github.com/mlebench/mlebench/internal/pyfloat"
)

// FakeRaw writes a small synthetic download in the Kaggle layout:
// transactions_train.csv (opt.Rows purchases, default 600, and the repeats, sorted by date over
// 40 days ending 2020-09-22 (734 days from a million rows on), zero-padded article ids, prices k/590 as
// shortest reprs plus a few written in a longer form or below 1e-4, repeat
// purchases in the last week), articles.csv and customers.csv with the
// Kaggle headers, sample_submission.csv listing every customer (buyers or
// not) with the same 12 zero-padded article ids, and images/<3 digits>/
// holding small JPEGs for some articles.
func FakeRaw(dir string, opt competition.FakeOptions) error {
	n := synth.Rows(opt.Rows, 600)
	r := synth.Rand(opt.Seed, "h-and-m-personalized-fashion-recommendations")
	// One customer per 12 purchases and one article per 15, up to the real
	// counts (1,371,980 customers and 105,542 articles for 31.8M purchases).
	nCustomers := min(max(8, n/12), 1371980)
	customers, err := synth.HexIDs(r, nCustomers, 64)
	if err != nil {
		return err
	}
	nArticles := min(max(14, n/15), 105542)
	codes, err := synth.Unique(nArticles, func() string { return fmt.Sprintf("%06d", 100000+r.IntN(850000)) })
	if err != nil {
		return err
	}
	articles := make([]string, nArticles)
	for i, c := range codes {
		articles[i] = fmt.Sprintf("0%s%03d", c, 1+r.IntN(30))
	}

	// The tables are streamed to disk: at the real 31.8M transactions
	// they would not fit in memory as rows of cells.
	art, err := synth.CreateCSV(filepath.Join(dir, "articles.csv"), synth.CSV{Header: []string{"article_id", "product_code", "prod_name", "product_type_no", "product_type_name",
		"product_group_name", "graphical_appearance_no", "graphical_appearance_name", "colour_group_code", "colour_group_name",
		"perceived_colour_value_id", "perceived_colour_value_name", "perceived_colour_master_id", "perceived_colour_master_name",
		"department_no", "department_name", "index_code", "index_name", "index_group_no", "index_group_name", "section_no",
		"section_name", "garment_group_no", "garment_group_name", "detail_desc"}})
	if err != nil {
		return err
	}
	for i, a := range articles {
		colour := synth.Pick(r, []string{"Black", "White", "Light Blue", "Dark Red"})
		art.Add(a, "0"+codes[i], "Strap top "+synth.Letters(r, 4), "253", "Vest top", "Garment Upper body", "1010016", "Solid",
			"09", colour, "4", "Dark", "5", colour, "1676", "Jersey Basic", "A", "Ladieswear", "1", "Ladieswear", "16",
			"Womens Everyday Basics", "1002", "Jersey Basic", "Jersey top with narrow shoulder straps, "+synth.Letters(r, 6)+".")
	}
	if err := art.Close(); err != nil {
		return err
	}
	cust, err := synth.CreateCSV(filepath.Join(dir, "customers.csv"), synth.CSV{Header: []string{"customer_id", "FN", "Active", "club_member_status", "fashion_news_frequency", "age", "postal_code"}})
	if err != nil {
		return err
	}
	for _, c := range customers {
		fn, active := "", ""
		if r.IntN(2) == 0 {
			fn, active = "1.0", "1.0"
		}
		cust.Add(c, fn, active, synth.Pick(r, []string{"ACTIVE", "PRE-CREATE"}), synth.Pick(r, []string{"NONE", "Regularly"}),
			fmt.Sprint(18+r.IntN(60)), synth.Hex(r, 64))
	}
	if err := cust.Close(); err != nil {
		return err
	}

	sample, err := synth.CreateCSV(filepath.Join(dir, "sample_submission.csv"), synth.CSV{Header: []string{"customer_id", "prediction"}})
	if err != nil {
		return err
	}
	dummy := strings.Join(articles[:12], " ")
	for _, c := range customers {
		sample.Add(c, dummy)
	}
	if err := sample.Close(); err != nil {
		return err
	}

	// Transactions: dates ascending over 40 days; the last 8 days hold about
	// a quarter of the rows; every fifth test-window row is repeated.
	last := time.Date(2020, 9, 22, 0, 0, 0, 0, time.UTC)
	tx, err := synth.CreateCSV(filepath.Join(dir, "transactions_train.csv"), synth.CSV{Header: columns})
	if err != nil {
		return err
	}
	buyers := customers[:len(customers)-2] // two customers never buy
	// From a million rows on, the real shape: 734 days with ≈ 0.84% of the
	// rows in the last 8 (266k of 31.8M), not a quarter in the last 8 of 40.
	days, trainRows := 40, n*3/4
	if n >= 1_000_000 {
		days, trainRows = 734, n-n*84/10000
	}
	for i := 0; i < n; i++ {
		back := 0 // days before the last date
		if i < trainRows {
			back = days - 1 - i*(days-8)/trainRows
		} else {
			back = 7 - (i-trainRows)*8/(n-trainRows)
		}
		day := last.AddDate(0, 0, -back).Format("2006-01-02")
		price := pyfloat.Repr(float64(1+r.IntN(200)) / 590)
		switch r.IntN(40) {
		case 0:
			price += "000" // a longer form of the same number
		case 1:
			price = "0.00005"
		}
		row := []string{day, synth.Pick(r, buyers), synth.Pick(r, articles), price, fmt.Sprint(1 + r.IntN(2))}
		tx.Add(row...)
		if back <= 7 && i%5 == 0 {
			tx.Add(row...) // a repeated purchase
		}
	}
	if err := tx.Close(); err != nil {
		return err
	}

	for i, a := range articles {
		if i%3 == 2 {
			continue // not every article has an image
		}
		img, err := synth.JPEG(synth.RGB(r, 6, 8))
		if err != nil {
			return err
		}
		if err := synth.WriteFile(filepath.Join(dir, "images", a[:3], a+".jpg"), img); err != nil {
			return err
		}
	}
	return nil
}
