"""Dataset.map traces its function as the stage is made, as TensorFlow does, where that is safe.

TensorFlow traces ``map_func`` inside ``Dataset.map``: a Python ``print`` in it shows before whatever
the program prints next (the tf.data guide's 'tracing' lines), and an error of the trace (``x + 1.5`` on
int64 elements, ``x.numpy()``, a reshape to a size the shapes refuse) is raised by ``map`` itself.
tapeflow's trace is the function's first run on a real element (stage_function.py); it runs that first
run now, as the spec read ``element_spec`` makes (no random state moves, no variable write stays), where
the upstream elements come from memory through stages that run no Python of the user's (from_tensor_slices,
from_tensors, range, then batch, shuffle, repeat, take, skip, prefetch, ...) or only functions already traced
so (a map or filter made the same way: their later calls are replays, which print nothing): reading one costs
little and shows nothing. Dataset.filter's and take_while's predicates, Dataset.scan's function (on its initial
state), flat_map's and interleave's and group_by_window's key_func are traced likewise, on the upstream's first
element (zeros of its spec where it has none). Elsewhere (a generator, files) the trace stays at the first read.

The read is given up, leaving the trace to the first element as before, where it reaches a py_function
(whose Python TensorFlow runs only for the elements read) or fails with an op's error (a kernel refusing
the element's values, which TensorFlow's trace would not have run: it is raised at iteration). Any other
error is the trace's and is raised here. The trace's prints are held until the read is known to stand.
"""
import contextlib
import io
import random
import sys

import numpy as np

from ..errors import OpError
from . import peeked_script_calls
from .stage_function import DEBUG_MODE

_SOURCES = frozenset({'_TensorSliceDataset', '_TensorDataset', '_RangeDataset'})
# stages whose reads run no Python of the user's (TensorFlow's class names, dataset._tf_class)
_PASSING = frozenset({'_BatchDataset', '_PaddedBatchDataset', '_ShuffleDataset', '_RepeatDataset', '_TakeDataset',
                      '_SkipDataset', '_PrefetchDataset', '_ShardDataset', '_UnbatchDataset'})
# stages running a function of the user's: passing where that function was traced as the stage was made
_TRACED = frozenset({'_MapDataset', '_ParallelMapDataset', '_FilterDataset', '_TakeWhileDataset'})


def reads_from_memory(dataset):
    """Whether reading ``dataset``'s first element runs only in-memory sources and passing stages."""
    pending = [dataset]
    while pending:
        stage = pending.pop()
        name = stage._tf_class
        if name == '_ZipDataset':
            zipped = getattr(stage, '_zipped', None)
            if not zipped:
                return False
            pending.extend(zipped)
        elif (name in _PASSING or name in _TRACED and getattr(stage, '_traced_at_construction', False)) and \
                getattr(stage, '_upstream', None) is not None:
            pending.append(stage._upstream)
        elif name not in _SOURCES or getattr(stage, '_upstream', None) is not None:
            return False
    return True


def trace_now(stage, stage_function, trace=None):
    """Trace ``stage_function`` (the function of ``stage``, a map or filter stage) now, where ``stage``'s upstream
    reads from memory (see the module): by ``trace()``, by default the read of ``stage``'s element_spec (a map's
    traces its function). A trace that stands marks ``stage`` as one later stages' traces may read through."""
    if DEBUG_MODE[0] or not reads_from_memory(stage._upstream):
        return
    held = io.StringIO()
    host_draws = np.random.get_state(), random.getstate()
    try:
        with contextlib.redirect_stdout(held), peeked_script_calls.refused_at_construction():
            # (element_spec's own work: the property would hide an AttributeError)
            (trace or stage._spec)()
    except peeked_script_calls.ReachedAtConstruction:
        _give_up(stage_function, host_draws)
        return
    except OpError as error:
        if not getattr(error, 'trace_refusal', False):
            _give_up(stage_function, host_draws)
            return
        sys.stdout.write(held.getvalue())
        raise
    except Exception:
        sys.stdout.write(held.getvalue())
        raise
    sys.stdout.write(held.getvalue())
    stage._traced_at_construction = True


def _give_up(stage_function, host_draws):
    """Leave the trace to the first element read, with numpy's and Python's global random draws the trace
    made undone (the trace's own draws are its graph's constants: the first element's trace makes them)."""
    stage_function.untrace()
    np.random.set_state(host_draws[0])
    random.setstate(host_draws[1])
