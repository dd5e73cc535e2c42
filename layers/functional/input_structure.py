"""Keras 3's warning when a functional model is called on inputs nested otherwise than its Inputs.

``keras.Model(inputs=[x], ...)`` called on one array (not a list) still runs, but Keras 3
warns first, in these words::

    The structure of `inputs` doesn't match the expected structure.
    Expected: ['keras_tensor_3']
    Received: inputs=Tensor(shape=(2, 8))

A tensor given for a one-Input list counts as that list (Keras compares after wrapping
it), a numpy array does not; lists and tuples count as the same; a dict given to a model
whose Inputs are a list is matched by the Inputs' names instead, with no warning (a model of
one Input given alone warns about the one-entry list it reads from the dict). Keras's
tree tells a layer's TrackedDict (``FeatureSpace.get_inputs()``) from a plain dict, and lists
its keys sorted.
"""
import warnings
from collections import OrderedDict

import numpy as np

from framework import nest
from framework.function import is_replaying
from framework.trace_time_logs import log_as_traced
from framework.tensor import Tensor

from .. import call_context
from ..tracked_dict import TrackedDict
from .input_dims import input_spec_error
from .input_spec_names import check_inputs_by_name, spec_names
from .keras_tensor import KerasTensor


def warn_if_structure_differs(model, inputs):
    """Warn as Keras 3's ``Functional._standardize_inputs`` does; nothing else changes."""
    struct = model._inputs_struct
    if isinstance(struct, list) and len(struct) == 1 and isinstance(inputs, Tensor):
        inputs = [inputs]
    elif isinstance(inputs, dict) and not isinstance(struct, dict):
        if not (isinstance(struct, KerasTensor) and struct.name in inputs):
            return
        # one Input not given in a list: Keras 3 takes [inputs[its name]], then warns that this list is
        # not its Input (Received: inputs=['Tensor(shape=(2, 3))'])
        inputs = [inputs[struct.name]]
    if _same_structure(inputs, struct) or is_replaying():     # (a replayed step runs no Python on TF)
        return
    if call_context.probing():
        # a symbolic call's run on zeros: Keras 3 finds those outputs with Functional.compute_output_spec,
        # which neither standardizes the inputs nor warns (a dict with an extra key gives outputs silently)
        check_inputs_by_name(model, inputs)
        return
    # Keras checks the inputs against the model's InputSpecs (names, count) in Layer.__call__, before
    # call() warns: two arrays for a one-Input model raise that check's ValueError with no warning
    check_inputs_by_name(model, inputs)
    _refuse_other_sizes(model, inputs)
    # From this one line, as Keras warns from one line of Functional: Python's once-per-place
    # filter then shows each text once, whoever calls (model(x), predict, fit's traced step).
    # As often as TF runs the call's Python: a fit's first step traces twice where it made the
    # optimizer's variables (an 'always' filter shows the text twice there, as TF 2.21's)
    text = structure_text(model, inputs)
    log_as_traced(lambda: warnings.warn(text))


def _refuse_other_sizes(model, inputs):
    """The size half of Keras's InputSpec check, which also runs before call() warns: a model of dict
    Inputs given a list in the wrong order ([b, a]) raises 'Input 0 with name 'a' ... is incompatible'
    with no warning. Tensors are matched to specs as Keras matches them: a dict by the specs' names
    (spec_names), anything else flattened in order."""
    names = spec_names(model)
    if names is None:
        return
    flat = [inputs.get(name) for name in names] if isinstance(inputs, dict) else nest.flatten(inputs)
    for index, x in enumerate(flat):
        if x is not None and hasattr(x, 'shape'):
            error = input_spec_error(model, index, tuple(x.shape))
            if error is not None:
                raise error


def structure_text(model, inputs):
    """Keras 3's sentence for inputs nested otherwise than the model's Inputs: a warning, or the
    ValueError of a dict that lacks a name of the Inputs' tensors."""
    expected = _map(lambda t: 'None' if t is None else t.name, model._inputs_struct)
    received = _map(lambda x: 'None' if x is None else 'Tensor(shape=%s)' % (tuple(np.shape(x)),), inputs)
    return "The structure of `inputs` doesn't match the expected structure.\nExpected: %s\nReceived: inputs=%s" \
        % (expected, received)


def _same_structure(a, b):
    if isinstance(a, (list, tuple)) or isinstance(b, (list, tuple)):
        return isinstance(a, (list, tuple)) and isinstance(b, (list, tuple)) and len(a) == len(b) and \
            all(_same_structure(x, y) for x, y in zip(a, b))
    if isinstance(a, dict) or isinstance(b, dict):
        return isinstance(a, dict) and isinstance(b, dict) and sorted(a) == sorted(b) and \
            isinstance(a, TrackedDict) == isinstance(b, TrackedDict) and \
            all(_same_structure(a[key], b[key]) for key in a)
    return True


def _map(fn, value):
    if isinstance(value, (list, tuple)):
        return type(value)(_map(fn, x) for x in value)
    if isinstance(value, OrderedDict):      # Keras's tree keeps the type (make_csv_dataset's features)
        return OrderedDict((key, _map(fn, value[key])) for key in value)
    if isinstance(value, dict):
        keys = sorted(value) if isinstance(value, TrackedDict) else value
        return {key: _map(fn, value[key]) for key in keys}
    return fn(value)
