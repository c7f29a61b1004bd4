"""How figures are taken and summed up: alternating rounds, medians, spreads, ratios and
percentiles.

Why alternate: on a shared machine the load of the minute moves every figure. Each round
measures every server once, in turn, and the ratio of a round compares figures taken seconds
apart; the median over the rounds, with the smallest and largest, is what is printed.
"""
import statistics


def alternate(measures, rounds):
    """Runs each of `measures` (name -> function returning a number) once per round, in turn,
    `rounds` times; returns name -> list of figures, in round order."""
    figures = {name: [] for name in measures}
    for _ in range(rounds):
        for name, measure in measures.items():
            figures[name].append(measure())
    return figures


def median(values):
    return statistics.median(values)


def summary(values):
    """'median (min-max)' of the values."""
    return "%.2f (%.2f-%.2f)" % (statistics.median(values), min(values), max(values))


def ratios(numerators, denominators):
    """Round by round: the n-th numerator over the n-th denominator."""
    return [n / d for n, d in zip(numerators, denominators)]


def percentile(values, fraction):
    """The value below which `fraction` of the values lie (nearest rank)."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(len(ordered) * fraction))]
