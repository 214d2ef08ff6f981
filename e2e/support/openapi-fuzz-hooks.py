"""Schemathesis hooks for e2e/api-fuzz-openapi.e2e.test.ts (loaded through SCHEMATHESIS_HOOKS).

Every request comes from a client address of its own (X-Forwarded-For, which the web entry believes
from loopback), so the per-address limits count each request alone; it carries the credentials its
route needs (the test signs the wallets and the admin in beforehand, FUZZ_CREDENTIALS names the
file); half the time a wallet address or a record id in its path, query or body names the caller's
own wallet and one of its records (made by the test), so requests get past the ownership check to
the records; and an alert URL names localhost (the service resolves a URL's host before it takes
it, and the test machine resolves no public name).
What each operation answered is written to FUZZ_TALLY when the run ends.
"""

import atexit
import json
import os
import re
import threading
from collections import defaultdict

import schemathesis

with open(os.environ["FUZZ_CREDENTIALS"], encoding="utf-8") as credentials_file:
    CREDENTIALS = json.load(credentials_file)

WALLETS = CREDENTIALS["wallets"]
ADDRESS = re.compile(r"^0x[0-9a-fA-F]{40}$")
URL_HOST = re.compile(r"^(https?://)([^/?#@]+)")
# The path parameter naming a record, and which of the caller's records (openapi-fuzz-callers.ts) it takes.
RECORD_IDS = {
    "/api/dashboard/profiles/{id}": ("id", "profile"),
    "/api/dashboard/portfolio/{address}/{entryId}": ("entryId", "entry"),
    "/api/dashboard/scenarios/{address}/{scenarioId}": ("scenarioId", "scenario"),
    "/api/dashboard/alerts/destinations/{id}": ("id", "destination"),
    "/api/dashboard/alerts/destinations/{id}/test": ("id", "destination"),
    "/api/session/{sessionId}": ("sessionId", "session"),
}

lock = threading.Lock()
state = {"requests": 0, "spare_admin_tokens": list(CREDENTIALS["spareAdminTokens"])}
# route -> status -> count; plus a count of FEATURE_DISABLED answers (a flag that is off).
tally = defaultdict(lambda: defaultdict(int))


def next_request_number():
    with lock:
        state["requests"] += 1
        return state["requests"]


def client_address(n):
    """The n-th address of the run's range: 198.19.0.0/16 (2**16 addresses) from the credentials' addressStart on."""
    offset = (CREDENTIALS["addressStart"] + n) % 2**16
    return f"198.19.{offset >> 8}.{offset & 255}"


def own_wallet(value, wallet, n):
    """Every other well-formed address becomes the caller's own; anything else is sent as generated."""
    if isinstance(value, str) and ADDRESS.match(value) and n % 2 == 0:
        return wallet
    return value


def label(case):
    """The operation, whatever method the request used (unsupported-method checks send others)."""
    return f"{case.operation.method.upper()} {case.operation.path}"


@schemathesis.hook
def before_call(ctx, case, kwargs):
    n = next_request_number()
    case.headers = case.headers or {}
    case.headers["X-Forwarded-For"] = client_address(n)
    path = case.operation.path
    if path.startswith("/api/admin/"):
        # A logout ends the token it carries: each takes a spare one while they last, then one that is not valid.
        if path == "/api/admin/auth/logout":
            with lock:
                token = state["spare_admin_tokens"].pop() if state["spare_admin_tokens"] else CREDENTIALS["invalidAdminToken"]
        else:
            token = CREDENTIALS["adminToken"]
        case.headers["Authorization"] = f"Bearer {token}"
        return
    if path == "/api/auth/logout":
        # Ends the session it carries: none of the shared ones.
        return
    # verify-payment queues a chain check for a wallet's open payment session; the fuzzer's
    # transactions never get there, so it is sent by wallets that never open one: it answers
    # NO_PAYMENT_SESSION and queues nothing.
    pool = CREDENTIALS["verifiers"] if path == "/api/verify-payment" else WALLETS
    caller = pool[n % len(pool)]
    case.headers["Cookie"] = caller["cookie"]
    if case.path_parameters:
        if "address" in case.path_parameters:
            case.path_parameters["address"] = own_wallet(case.path_parameters["address"], caller["address"], n)
        name = RECORD_IDS.get(path)
        if name and n % 2 == 0 and "records" in caller:
            case.path_parameters[name[0]] = caller["records"][name[1]]
    if case.query and "walletAddress" in case.query:
        case.query["walletAddress"] = own_wallet(case.query["walletAddress"], caller["address"], n)
    if isinstance(case.body, dict):
        if "walletAddress" in case.body:
            case.body["walletAddress"] = own_wallet(case.body["walletAddress"], caller["address"], n)
        if path == "/api/payment/submitted" and isinstance(case.body.get("sessionId"), str) and n % 2 == 0:
            case.body["sessionId"] = caller["records"]["session"]
        if isinstance(case.body.get("url"), str):
            case.body["url"] = URL_HOST.sub(r"\1localhost", case.body["url"])


@schemathesis.hook
def after_call(ctx, case, response):
    flag_off = response.status_code == 403 and b'"FEATURE_DISABLED"' in (response.content or b"")
    with lock:
        row = tally[label(case)]
        row[str(response.status_code)] += 1
        if flag_off:
            row["flagOff"] += 1


@atexit.register
def write_tally():
    with open(os.environ["FUZZ_TALLY"], "w", encoding="utf-8") as out:
        json.dump({route: dict(statuses) for route, statuses in tally.items()}, out)
