"""A loaded tf.function runs only the traces that were saved, as TensorFlow's does.

TensorFlow saves a tf.function as its concrete functions (no Python), so after loading, a call whose
arguments fit none of them is a ValueError ('Could not find matching concrete function to call
loaded from the SavedModel.'). tapeflow pickles the Python and could trace anew; to keep programs
honest it records each root tf.function's traced input signatures at save and refuses the same calls.
"""
import warnings

import numpy as np

from ..concrete_function import ConcreteFunction
from ..function import Function
from ..function_keys import accepts
from ..nest import flatten
from ..ops.tensor_spec import TensorSpec
from ..tensor import Tensor, convert_to_tensor

# Python values TensorFlow's loaded function converts to a saved trace's tensor spec
_PYTHON = (bool, int, float, list, tuple)
_PLAIN = (TensorSpec, bool, int, float, str, bytes, type(None))


def _plain(signature):
    """Only TensorSpecs and Python literals: a trace keyed by another object (a Python object
    argument) is not recorded, so saving never has to pickle it."""
    return all(type(leaf) in _PLAIN for leaf in flatten(signature))


def traced_signatures(obj):
    """{attribute: [(args, kwargs) per trace]} for the tf.functions of ``obj`` without input_signature
    (those with one already refuse other inputs) whose traces take tensors and Python literals; a
    function never traced saves none."""
    found = {}
    # TensorFlow's save reads every attribute of the saved object with warnings ignored
    # (AutoTrackable._trackable_children: catch_warnings + simplefilter('ignore')); entering
    # catch_warnings also resets Python's once-per-place registry, so a warning shown before
    # tf.saved_model.save shows again after it (the distributed save_and_load tutorial's second
    # model prints Keras's input_shape warning twice on TF 2.21).
    with warnings.catch_warnings():
        warnings.simplefilter('ignore')
        functions = [name for name in dir(type(obj)) if isinstance(getattr(type(obj), name, None), Function)]
    for name in functions:
        bound = getattr(obj, name)
        if bound.input_signature is None:
            options = [ConcreteFunction(bound, entry).structured_input_signature for entry in bound._traces]
            if all(_plain(option) for option in options):
                found[name] = options
    return found


def _item(value, name):
    if isinstance(value, Tensor):
        return "<tf.Tensor '%s:0' shape=%s dtype=%s>" % (name, value.shape, value.dtype.name)
    return repr(value)


def _arguments(items):
    return '  Positional arguments (%d total):\n%s  Keyword arguments: {}' % (
        len(items), ''.join('    * %s\n' % item for item in items))


def _fitted(values, saved_args):
    """``values`` (the call's arguments in parameter order) as TensorFlow's loaded function feeds them
    to the trace ``saved_args``: Python numbers and lists where the trace has a tensor converted to its
    dtype. None when one does not convert; 'unsure' when a Python container meets a structure."""
    fitted = []
    for value, spec in zip(values, saved_args):
        if isinstance(value, _PYTHON) and not isinstance(value, Tensor):
            if isinstance(spec, TensorSpec):
                try:
                    value = convert_to_tensor(value, spec.dtype)
                except (TypeError, ValueError):
                    return None
            elif isinstance(spec, (list, tuple, dict)):
                return 'unsure'
        fitted.append(value)
    return fitted


def check_call(function, options, args, kwargs):
    """The arguments to call the loaded ``function`` with (converted as TensorFlow feeds its trace);
    refuse a call that fits none of the saved traces ``options``.

    As TensorFlow's loaded function: numpy values become tensors of their own dtype, Python numbers and
    lists take the dtype of a trace's tensor. A Python container where a trace has a structure is let
    through unchecked.

    Raises:
        ValueError: TensorFlow's text, listing the call's canonical arguments and the saved options;
            for a function saved without traces, TensorFlow's 'Found zero restored functions'.
    """
    if not options:
        raise ValueError('Found zero restored functions for caller function.')
    values = [convert_to_tensor(v) if isinstance(v, (np.ndarray, np.generic)) else v
              for v in function._binder.bind(args, kwargs)]
    for saved_args, saved_kwargs in options:
        if saved_kwargs or len(saved_args) != len(values):      # keyword-only parameters: not checked
            return args, kwargs
        fitted = _fitted(values, saved_args)
        if fitted == 'unsure':
            return args, kwargs
        if fitted is not None and accepts(function._key(saved_args, {})[0], function._key(tuple(fitted), {})[0]):
            return tuple(fitted), {}
    names = function._binder.names
    got = _arguments([_item(value, name) for value, name in zip(values, names)])
    blocks = ['Option %d:\n%s' % (i + 1, _arguments([repr(v) for v in saved_args]))
              for i, (saved_args, _) in enumerate(options)]
    raise ValueError('Could not find matching concrete function to call loaded from the SavedModel. Got:\n%s\n\n '
                     'Expected these arguments to match one of the following %d option(s):\n\n%s'
                     % (got, len(options), '\n\n'.join(blocks)))
