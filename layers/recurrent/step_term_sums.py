"""How a recurrent weight's per-step gradient terms add: one step at a time in a traced step, as
AddN's chunks of eight in an eager loop that reads it ten or more times (ten steps; five for
GRU(reset_after=False)'s recurrent kernel, which each step reads as two slices).

Keras's cells read their weights at every step of the loop. Eagerly (a GradientTape around a call)
TensorFlow's while_loop runs as Python: each step's read is its own ReadVariableOp, and the tape adds
the variable's T gradients, last step first, with one AddN once every read has been visited
(framework/addn_chunks.py). Up to nine terms that is the running sum; from ten its chunks of eight
round otherwise (an LSTM(5) over 10 steps: kernel gradient -0x1.e16d04p-7 on TF 2.21, the running
sum's -0x1.e16d06p-7). In a traced step (fit, tf.function) the backward while loop accumulates them
one step at a time: the running sum.
"""
import functools
import operator

from framework import graph_random_ops
from framework.addn_chunks import addn_sum


def chunked(reads):
    """Whether a loop recorded now (eager) that reads a weight ``reads`` times (more than nine: a read
    per step, two for GRU(reset_after=False)'s recurrent kernel) adds its per-read terms as one AddN."""
    return reads is not None and reads > 9 and graph_random_ops.current() is None


def step_sum(terms, chunks):
    """``terms`` (last loop step first) added as ``chunked`` said: AddN's order, else one by one."""
    return addn_sum(terms) if chunks else functools.reduce(operator.add, terms)


def interleaved_sums(zr_terms, h_terms, chunks):
    """[zr, h]: the sums of the per-step terms (last step first) of two slices of one variable that
    each step reads (GRU(reset_after=False)'s recurrent kernel). Eagerly the variable's 2T gradients
    add as one AddN, each slice's terms with the other's zeros between them: as many of a slice's
    terms in the first chunk as half its size, then four in each chunk of eight (x + 0 is x);
    else each slice's add one by one."""
    if not chunks:
        return [step_sum(zr_terms, False), step_sum(h_terms, False)]
    return [_paired_addn(zr_terms), _paired_addn(h_terms)]


def _paired_addn(terms):
    n = 2 * len(terms)
    first = len(terms) if n <= 9 else (n % 8 or 8) // 2
    out = functools.reduce(operator.add, terms[:first])
    for start in range(first, len(terms), 4):
        out = out + functools.reduce(operator.add, terms[start:start + 4])
    return out
