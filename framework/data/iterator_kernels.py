"""The random kernels of a dataset's stage functions belong to the iterator that runs them.

tf.data traces a stage's function (map, filter, flat_map, interleave) into a graph, so its
unseeded random ops take the seeds (global seed, n), n counting that graph's unseeded ops from
0, and each op is a kernel whose Philox position carries on from element to element
(``graph_random_ops``). The kernels are made when an iterator instantiates the function: each
``iter(ds)`` (each epoch of Keras's ``fit``) starts them afresh, so with a global seed every
epoch draws the same augmentations, while a ``repeat`` inside one iterator carries them on.

tapeflow's stages are nested generators made lazily, so the iterator a stage runs in is marked
around each step of the outermost one (``scoped``); a stage's function asks it for its state.
"""
import threading

from ..graph_random_ops import GraphRandomState

_current = threading.local()


class _Iteration:
    """One outermost iterator: each stage function's GraphRandomState, made on first use."""
    __slots__ = ('states',)

    def __init__(self):
        self.states = {}


def scoped(make_iterator):
    """``make_iterator`` whose outermost calls (no iterator running) each start an iteration of
    their own; calls made inside one (a repeat's next epoch, a zip's members) join it."""
    def make():
        if getattr(_current, 'iteration', None) is not None:
            return make_iterator()
        return _steps(make_iterator, _Iteration())
    return make


def _steps(make_iterator, iteration):
    iterator = None
    while True:
        previous, _current.iteration = getattr(_current, 'iteration', None), iteration
        try:
            if iterator is None:
                iterator = iter(make_iterator())
            element = next(iterator)
        except StopIteration:
            return
        finally:
            _current.iteration = previous
        yield element


def graph_state(stage):
    """The GraphRandomState of ``stage``'s function in the iteration running now (a fresh one
    outside any: a spec read calls the function once on its own)."""
    iteration = getattr(_current, 'iteration', None)
    if iteration is None:
        return _dataset_state()
    state = iteration.states.get(stage)
    if state is None:
        state = iteration.states[stage] = _dataset_state()
    return state


def _dataset_state():
    # TF 2.21 runs no constant folding / ConstantPushDown on tf.data functions (x / 60, 1 / x and
    # (x - y) + 3 compute as eagerly there), only the arithmetic rewrites (log1p, expm1, rsqrt)
    state = GraphRandomState()
    state.pushes_constants = False
    return state
