// Package kaggle is a small client for the legacy Kaggle REST API
// (https://www.kaggle.com/api/v1, the API of the kaggle CLI 1.6 that the
// original MLE-bench pins), covering what the benchmark needs: proving
// credentials work, downloading competition data, leaderboards and kernels,
// and checking, before any download, that the competition rules were
// accepted.
//
// # Credentials
//
// [ResolveCredentials] follows the kaggle CLI: KAGGLE_API_TOKEN (Bearer),
// KAGGLE_USERNAME/KAGGLE_KEY, then kaggle.json in $KAGGLE_CONFIG_DIR or
// ~/.kaggle (HTTP Basic). A kaggle.json readable by group or others yields a
// warning that the caller shows; this package never prints, logs only to an
// injected *slog.Logger, and never puts a key, token, Authorization value or
// signed storage URL query into an error or log message: server messages
// are scrubbed of them, and [Credentials] redacts itself when formatted.
//
// # Endpoints (all GET, relative to the base URL)
//
//	/competitions/list?page=N                     CheckAuth, ListCompetitions
//	/competitions/data/list/{id}                  ListDataFiles (nextPageToken paging)
//	/competitions/data/download-all/{id}          DownloadAllFiles, CompetitionAccess (302 to storage)
//	/competitions/data/download/{id}/{file}       DownloadFile (302 to storage)
//	/competitions/{id}/leaderboard/view           LeaderboardView
//	/competitions/{id}/leaderboard/download       DownloadLeaderboard (zip)
//	/kernels/list?competition=…&sortBy=…          ListKernels
//	/kernels/pull?userName=…&kernelSlug=…         PullKernel
//
// Redirects are followed by the client itself; credentials are sent only to
// the API's own scheme and host, never to a storage host.
//
// # Errors
//
// A non-2xx answer is an [*APIError]; errors.Is matches [ErrUnauthorized]
// (401: not retried; the message says how to configure credentials),
// [ErrRulesNotAccepted] (403 whose body says "You must accept this
// competition", or reason RulesAcceptanceRequired; the message carries
// [RulesURL]) and [ErrNotFound] (404). Failures below HTTP are
// [*TransportError]. Missing credentials are [ErrNoCredentials].
//
// # Retries and downloads
//
// 429 (honouring Retry-After), 408, 500, 502, 503, 504 and broken or refused
// connections are retried with exponential backoff and jitter, bounded by
// [RetryPolicy]; sleeping, the clock and the jitter source are injectable.
// Downloads write <dest>.part, resume it with an HTTP Range request (checking
// the 206 and its Content-Range; a 200 restarts cleanly; a 416 discards the
// part), and rename it to <dest> after an fsync once its size matches the
// announced length. Progress goes to a [Progress] callback.
// [Client.DownloadMany] runs several downloads with a concurrency limit.
//
// Package kaggletest provides a local server speaking this API subset for
// tests.
package kaggle
