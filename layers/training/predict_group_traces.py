"""The traces of predict's multi-step function under compile(steps_per_execution=k > 1).

Keras 3 on TensorFlow then calls ``make_predict_function.<locals>.multi_step_on_data`` on the LIST of a
group's batches (up to k of them), so TensorFlow keys its traces by the group's length and each batch's
shape, and reduce_retracing relaxes them element by element among groups of one length. 24 rows in
batches of 8 in groups of 2 are two traces, [8, 8] and [8]; 20 rows in batches of 5 in groups of 3 are
[5, 5, 5] and [5] (TF 2.21's experimental_get_tracing_count(), /work/notes/progs/modelfuzz10/p23.py).
The retracing detector of that function hears of such a trace once its group ran; the steps themselves
are still run (and their Python shown) by batch shape (StepTraces.shaped_step).
"""
from . import step_retracing
from .step_traces import _covers, relax


def group_ran(traces, kind, shapes, family):
    """A group of batches of ``shapes`` (a tuple of input_shapes, one per batch) ran predict's ``kind``
    steps: tell TensorFlow's detector of ``family`` whether its function traced for it."""
    groups = traces._group_shapes.setdefault(kind, [])
    if any(len(one) == len(shapes) and all(_covers(a, b) for a, b in zip(one, shapes)) for one in groups):
        return
    # (the dtypes are each batch's last entry: TF relaxes no shape across dtypes)
    same = [one for one in groups if len(one) == len(shapes) and all(a[-1] == b[-1] for a, b in zip(one, shapes))]
    groups.append(tuple(relax(a, b) for a, b in zip(same[-1], shapes)) if same else shapes)
    function = traces._functions.get(family)
    if function is None:
        function = traces._functions[family] = step_retracing.stand_in(family)
    step_retracing.traced(function, family)
