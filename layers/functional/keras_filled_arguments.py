"""Whether Keras 3 records the ``training`` and ``mask`` it fills in for a functional call.

Keras 3's ``Layer.__call__`` writes the ``training`` it resolves and the input's ``mask`` into
its ``kwargs`` dict, and the node it records keeps the dict the caller passed. The two are the
same dict only when ``__call__`` did not first copy it to convert the inputs' dtypes, which it
does unless the call is one tensor of the layer's input dtype with no keyword arguments (or
the layer converts nothing itself: lookups, CategoryEncoding, a functional model, ...). So
``LSTM(4)(x)`` is saved with ``{'training': false, 'mask': null}``, but ``LSTM(4)(x,
initial_state=s)``, ``LSTM(4)(x, training=True)``, ``Dropout(0.2)(float64_x)`` and
``Attention()([q, v])`` with the caller's keyword arguments alone (TF 2.21 / Keras 3.15).
"""
from framework import nest
from framework.keras.backend import floatx

from .. import naming
from .keras_tensor import KerasTensor


def _input_dtype(layer):
    """Keras's ``Layer.input_dtype``: the dtype a call converts its inputs to."""
    from ..preprocessing.discretization import Discretization
    from ..sequential import Sequential
    if isinstance(layer, Discretization):
        return floatx()
    if isinstance(layer, Sequential) and layer._input_layer is not None:
        return layer._input_layer.dtype
    return layer.compute_dtype


def name_input_casts(layer, inputs, args, kwargs):
    """Take a KerasTensor name (keras_tensor_N) for each input Keras 3's ``__call__`` casts: where the layer
    converts its inputs and autocasts, each floating KerasTensor argument (nested ones and keyword ones too)
    of another dtype than ``input_dtype`` goes through ``ops.cast``, whose output KerasTensor takes the next
    name before the layer's outputs do. TF 2.21 names Dense(2, dtype='float64')(keras.Input((3,))) keras_tensor_2
    after keras_tensor (not _1), and a mixed-precision model's first layer likewise."""
    if not getattr(layer, 'keras_converts_inputs', True) or not layer.autocast:
        return
    dtype = None
    for x in nest.flatten((inputs, list(args), kwargs)):
        if type(x) is KerasTensor and x.dtype.startswith(('float', 'bfloat')):
            dtype = _input_dtype(layer) if dtype is None else dtype
            if x.dtype != dtype:
                naming.unique_name('keras_tensor')


def keras_records_filled_arguments(layer, args, kwargs):
    """Whether the call ``layer(*args, **kwargs)`` on KerasTensors is recorded with the arguments
    Keras fills in (see the module's docstring)."""
    if not getattr(layer, 'keras_converts_inputs', True):
        return True
    return not kwargs and len(args) == 1 and type(args[0]) is KerasTensor and args[0].dtype == _input_dtype(layer)


def keras_recorded_kwargs(layer, args, kwargs):
    """A layer call's kwargs as Keras 3 writes them in a functional config: the caller's, then, where
    Keras records what it fills in, ``training`` (call's default) and ``mask``, in that order. An op's
    mask (an Embedding's NotEqual) that the call recorded itself (symbolic_call) is put last."""
    from .keras_mask_arguments import with_keras_mask_argument
    from .keras_training_argument import with_keras_training_argument
    first = args[0] if len(args) == 1 and type(args[0]) is KerasTensor else None
    filled = first is not None and first._mask is not None and kwargs.get('mask') is first._mask
    given = {k: v for k, v in kwargs.items() if k != 'mask'} if filled else kwargs
    if not keras_records_filled_arguments(layer, args, given):
        return given
    recorded = with_keras_training_argument(layer, given)
    return dict(recorded, mask=first._mask) if filled else with_keras_mask_argument(layer, args, recorded)
