"""``keras.ops``: Keras 3's backend-neutral op namespace, on tapeflow's ops.

``from framework.keras import ops; ops.mean(ops.square(y - p))`` runs the
custom layers, losses and training steps written for Keras 3's multi-backend
API. Every function is differentiable through GradientTape (where its maths
is) and follows Keras 3's names, signatures, defaults and dtype promotion.
The functions live by theme: ops_math (elementwise and reductions),
ops_arrays (creation and conversion), ops_shapes, ops_selection,
ops_contractions, ops_scatter (segments, scatter), ops_linalg (inv, det, solve),
ops_nn (activations), ops_crossentropy, ops_conv_pool, ops_core
(control flow) and the ops_* modules beside them; ``keras.ops.numpy``,
``.nn``, ``.linalg``, ``.core`` and ``.image`` group them as Keras 3 does.
"""
import functools as _functools
import types as _types

from framework.ops.operands import named_errors as _named_errors
from ._forward import missing_names as _missing_names
from . import ops_arrays as _arrays, ops_core as core, ops_linalg as _linalg, ops_math as _math, ops_nn as _nn
from . import ops_scatter as _scatter, ops_shapes as _shapes
from . import ops_arrangement as _arrangement, ops_elementwise as _elementwise, ops_statistics as _statistics
from . import ops_nn_extra as _nn_extra, ops_products as _products, ops_search as _search
from . import ops_bits as _bits, ops_decompositions as _decompositions, ops_signal as _signal
from . import ops_conv_extra as _conv_extra, ops_functional as _functional, ops_image as _image
from . import ops_complex as _complex, ops_ctc as _ctc, ops_segments as _segments
from . import ops_conv_pool as _conv_pool, ops_crossentropy as _crossentropy
from . import ops_contractions as _contractions, ops_selection as _selection

# Control flow runs the caller's functions: their errors pass through untouched.
_CALLERS_CODE = {'associative_scan', 'cond', 'custom_gradient', 'fori_loop', 'jvp', 'map', 'scan', 'switch',
                 'vectorize', 'vectorized_map', 'while_loop'}


def _export(module):
    # Every other op's TypeError or ValueError names it ('keras.ops.add: ...'), whichever
    # tapeflow op underneath raised it.
    for name in module.__all__:
        fn = getattr(module, name)
        globals()[name] = fn if name in _CALLERS_CODE else _keras_op(name, fn)


def _keras_op(name, fn):
    return _graph_recording(name, _named_errors('keras.ops.' + name)(fn))


def _graph_recording(name, fn):
    """``fn``, which on KerasTensors (``keras.Input``) records itself in the functional graph
    as Keras 3 does. KerasTensors have no values, so the eager call fails on them first:
    the check costs nothing on the eager path."""
    @_functools.wraps(fn)
    def keras_op(*args, **kwargs):
        try:
            return fn(*args, **kwargs)
        except Exception:
            from layers.functional import symbolic_ops
            if not symbolic_ops.contains_keras_tensor(args, kwargs):
                raise
        return symbolic_ops.record_op(name, args, kwargs)
    # pickled by reference as keras.ops' own function (wraps copied the wrapped op's module: pickle
    # then found another object there and refused a functional model that uses the op, e.g. `inp + 2`)
    keras_op.__module__, keras_op.__qualname__ = __name__, name
    return keras_op


_MODULES = (_arrays, core, _linalg, _math, _nn, _scatter, _shapes, _elementwise, _statistics,
            _arrangement, _products, _search, _nn_extra, _decompositions,
            _bits, _signal, _conv_extra, _functional, _complex, _segments,
            _ctc, _crossentropy, _conv_pool, _selection, _contractions)
for _module in _MODULES:
    _export(_module)

__all__ = sorted({name for module in _MODULES for name in module.__all__})


def _namespace(name, modules, extra=()):
    # keras.ops.numpy / .nn / .linalg: the same (error-naming) functions, grouped as Keras 3 groups them.
    space = _types.ModuleType('framework.keras.ops.' + name)
    for fn_name in sorted({n for m in modules for n in m.__all__} | set(extra)):
        setattr(space, fn_name, globals()[fn_name])
    return space


numpy = _namespace('numpy', (_arrays, _math, _shapes, _selection, _contractions, _elementwise, _statistics,
                             _arrangement, _products, _search, _bits),
                  ('bartlett', 'blackman', 'hamming', 'hanning', 'kaiser', 'slogdet', 'vectorize'))
nn = _namespace('nn', (_nn, _crossentropy, _conv_pool, _nn_extra, _conv_extra, _ctc), ('polar',))
linalg = _namespace('linalg', (_linalg, _decompositions), ('jvp', 'norm'))
image = _types.ModuleType('framework.keras.ops.image')
for _name in _image.__all__:       # their errors already say 'keras.ops.image.<fn>'
    setattr(image, _name, _graph_recording(_name, getattr(_image, _name)))
image.__all__ = list(_image.__all__)

# A missing name reads as Keras's module text: "module 'keras.ops.nn' has no attribute 'x'"
for _space, _public in ((numpy, 'numpy'), (nn, 'nn'), (linalg, 'linalg'), (image, 'image')):
    _space.__getattr__ = _missing_names('keras.ops.' + _public)
__getattr__ = _missing_names('keras.ops')
