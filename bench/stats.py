"""How figures are taken and summed up: alternating rounds, medians, spreads, ratios and
percentiles.

Why alternate: on a shared machine the load of the minute moves every figure. Each round
measures every server once, in turn, and the ratio of a round compares figures taken seconds
apart; the median over the rounds, with the smallest and largest, is what is printed.
"""
import statistics


def alternate(measures, rounds, alternate_order=False):
    """Runs each of `measures` (name -> function returning a figure) once per round, in turn,
    `rounds` times; returns name -> list of figures, in round order. With `alternate_order`,
    every other round runs them in reverse, so that none always meets the machine as the one
    before left it (a warm cache, a busy core)."""
    figures = {name: [] for name in measures}
    for index in range(rounds):
        order = list(measures.items())
        if alternate_order and index % 2 == 1:
            order.reverse()
        for name, measure in order:
            figures[name].append(measure())
    return figures


def median(values):
    return statistics.median(values)


def summary(values, digits=2):
    """'median (min-max)' of the values, with `digits` after the point."""
    form = "%%.%df" % digits
    return (form + " (" + form + "-" + form + ")") % (
        statistics.median(values), min(values), max(values))


def ratios(numerators, denominators):
    """Round by round: the n-th numerator over the n-th denominator."""
    return [n / d for n, d in zip(numerators, denominators)]


def percentile(values, fraction):
    """The value below which `fraction` of the values lie (nearest rank)."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(len(ordered) * fraction))]
