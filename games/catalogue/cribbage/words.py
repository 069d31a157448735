"""The show counted aloud: "Fifteen two, fifteen four, and a pair is six".

Players count a hand as a running total, fifteens first, then pairs, runs, the flush and his
nobs, saying the total after each; three or four of a kind are said at once, and a hand worth
nothing is "nineteen" (a score no hand can make); a double or triple run is said as its runs at
once ("two runs of three is eight").
"""

from __future__ import annotations

NUMBER_WORDS = ("zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen "
                "sixteen seventeen eighteen nineteen twenty").split()
_SAME_RANK = {1: "a pair", 3: "three of a kind", 6: "four of a kind"}


def number_words(number: int) -> str:
    if number <= 20:
        return NUMBER_WORDS[number]
    return f"twenty-{NUMBER_WORDS[number - 20]}"


def count_aloud(items) -> str:
    """The items of ``scoring.score_hand`` as a player counts them, the total after each."""
    if not items:
        return "Nineteen: nothing to count."
    said, total = [], 0
    pairs_by_rank: dict[str, int] = {}
    for item in items:
        if item["kind"] == "pair":
            pairs_by_rank[item["cards"][0][0]] = pairs_by_rank.get(item["cards"][0][0], 0) + 1
    runs = sum(1 for item in items if item["kind"] == "run")
    runs_said = False
    for item in items:
        kind = item["kind"]
        if kind == "run":
            if runs_said:
                continue  # a double (triple, quadruple) run is said at once
            runs_said = True
            total += runs * item["points"]
            length = NUMBER_WORDS[item["points"]]
            what = f"a run of {length}" if runs == 1 else f"{NUMBER_WORDS[runs]} runs of {length}"
            said.append(f"{what} is {number_words(total)}")
            continue
        if kind == "pair":
            rank = item["cards"][0][0]
            if rank not in pairs_by_rank:
                continue  # said with the first pair of its rank
            pairs = pairs_by_rank.pop(rank)
            total += 2 * pairs
            said.append(f"{_SAME_RANK[pairs]} is {number_words(total)}")
            continue
        total += item["points"]
        if kind == "fifteen":
            said.append(f"fifteen {number_words(total)}")
        elif kind == "flush":
            said.append(f"a flush of {number_words(item['points'])} is {number_words(total)}")
        else:
            said.append(f"his nobs is {number_words(total)}")
    if len(said) > 1:
        said[-1] = "and " + said[-1]
    text = ", ".join(said)
    return text[0].upper() + text[1:] + "."
