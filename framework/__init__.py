"""tapeflow's core: tensors, GradientTape and ops under TensorFlow's names.

``import framework as tf`` runs GradientTape programs written for TensorFlow.
``from framework import keras`` loads the Keras-spelled training API on demand;
importing this package alone loads neither ``layers`` nor ``optim``.
"""
import warnings as _warnings

# Overflow to inf and nan are values here, as in TensorFlow, not warnings;
# the filter covers only numpy calls made from tapeflow's own modules.
_warnings.filterwarnings('ignore', category=RuntimeWarning, module=r'(framework|layers|optim)(\.|$)')

from . import dtypes, nest, random  # noqa: F401,E402
from . import config, data, debugging, errors, linalg, losses, math, metrics, nn, test  # noqa: F401
from . import strings, version  # noqa: F401,E402
from . import bitwise  # noqa: F401,E402  (tf.bitwise)
from . import sets  # noqa: F401,E402  (tf.sets)
from . import image, signal  # noqa: F401,E402  (tf.image, tf.signal; tf.io loads on first use)
from .version import __version__  # noqa: F401  (tf.__version__: the TensorFlow API followed, 2.21.0)
from .custom_gradient import custom_gradient, grad_pass_through  # noqa: F401
from .recompute_grad import recompute_grad  # noqa: F401
from . import autodiff  # noqa: F401,E402  (tf.autodiff.ForwardAccumulator)
from .placement import device
from .device_spec import DeviceSpec  # noqa: F401  (tf.DeviceSpec)
from .dtypes import (DType, bool, complex64, complex128, double, float16, float32, float64, half,  # noqa: F401
                     int8, int16, int32, int64, string, uint8, uint16, uint32, uint64)
from .gradient_check import check_gradients, compute_gradient  # noqa: F401
from .module import Module
from .name_scopes import get_current_name_scope, name_scope  # noqa: F401
from .ops import *  # noqa: F401,F403  (every op under its TensorFlow name)
from .ops.tensor_array import TensorArray
from .public_add import add  # noqa: E402  (tf.add converts x alone first, as TensorFlow's wrapper)
from .public_as_dtype import as_dtype  # noqa: E402  (tf.as_dtype refuses None; the internal one passes it)
from .ops.tensor_spec import TensorSpec
from .type_spec import (IndexedSlicesSpec, NoneTensorSpec, SparseTensorSpec, TensorArraySpec, TypeSpec,  # noqa: F401
                        type_spec_from_value)
from .tape import GradientTape, UnconnectedGradients
from .tensor import Tensor, TensorShape, constant, convert_to_tensor as _convert_to_tensor, is_tensor
from .variable import Variable
from . import ragged  # noqa: F401,E402  (tf.ragged)
from .ragged import RaggedTensor  # noqa: F401
from .ragged.ragged_spec import RaggedTensorSpec  # noqa: F401
from .data.iterator_specs import OptionalSpec  # noqa: F401,E402  (tf.OptionalSpec)
from . import sparse  # noqa: F401,E402  (tf.sparse)
from .sparse import SparseTensor  # noqa: F401
from .indexed_slices import IndexedSlices  # noqa: F401  (tf.IndexedSlices: the gradient of a gather from a variable)
from .printing import print_ as print  # noqa: A001  (TensorFlow's name; the builtin stays builtins.print)
from .none_gradients import NoneGradientWarning
from .eager_graph_names import (VariableAggregation, VariableSynchronization, control_dependencies,  # noqa: F401
                                get_logger, get_static_value, group, identity_n, init_scope, inside_function,
                                is_symbolic_tensor, no_op, parallel_stack, shape_n, ensure_shape, timestamp, tuple)
from .initializer_aliases import (constant_initializer, ones_initializer, random_normal_initializer,  # noqa: F401
                                  random_uniform_initializer, zeros_initializer)
from .strings import as_string  # noqa: F401  (tf.as_string is tf.strings.as_string)
from .assertions import Assert, assert_equal, assert_greater, assert_less, assert_rank  # noqa: F401  (TF 2's top-level names)
from .graph_only import AggregationMethod, gradients, hessians  # noqa: F401
from .ops.broadcast_shapes import broadcast_dynamic_shape, broadcast_static_shape  # noqa: F401
from .ops.linalg_matrix_functions import sqrtm as matrix_square_root  # noqa: F401  (TF's older name)
from .tensor_proto_values import make_ndarray, make_tensor_proto  # noqa: F401,E402
from .variable_creators import variable_creator_scope  # noqa: F401,E402

__all__ = ['GradientTape', 'Module', 'Tensor', 'TensorShape', 'UnconnectedGradients', 'Variable', 'constant',
           'convert_to_tensor', 'custom_gradient', 'device', 'is_tensor']


newaxis = None      # tf.newaxis, for x[:, tf.newaxis]


def convert_to_tensor(value, dtype=None, dtype_hint=None, name=None):
    """``value`` as a Tensor. A Variable gives a Tensor of its current value, as in
    TensorFlow (read through ``identity``, so gradients still reach the variable)."""
    tensor = _convert_to_tensor(value, dtype, dtype_hint, name)
    return identity(tensor) if isinstance(tensor, Variable) else tensor


def enable_eager_execution(*args, **kwargs):
    """Accepted for TensorFlow 1 programs: tapeflow always executes eagerly."""


def executing_eagerly():
    """False inside a tf.function (outside ``init_scope``), as TensorFlow says; True elsewhere."""
    from .eager_graph_names import lifted
    return not inside_function() or lifted()


from .function import function  # noqa: E402  (after the imports: the callable, not the module, is tf.function)


_LAZY_MODULES = ('keras', 'distributed', 'io', 'train', 'saved_model', 'summary', 'experimental', 'distribute',
                 'lookup', 'compat', 'autograph', 'audio', 'types', 'quantization',
                 'queue', 'profiler')
_KERAS_ALIASES = ('optimizers', 'initializers')     # TF 2.21 keeps these as aliases of Keras's modules


def __getattr__(name):
    # ``framework.keras`` and ``framework.distributed`` load on first use: the core stays light.
    import importlib
    if name in _LAZY_MODULES:
        return importlib.import_module('.' + name, __name__)
    if name in _KERAS_ALIASES:
        return importlib.import_module('.keras.' + name, __name__)
    if name == 'bfloat16':           # made on first use: it imports ml_dtypes (see dtypes._bfloat16)
        return dtypes.bfloat16
    # named as TensorFlow's module, as `tf.placeholder` in TF 1 code copied into TF 2.21 is the famous
    # "module 'tensorflow' has no attribute 'placeholder'"
    raise AttributeError("module 'tensorflow' has no attribute %r" % name)


def __dir__():
    # dir(tf) lists the lazily loaded modules too, as TensorFlow's does, without importing them.
    return sorted(set(globals()) | set(_LAZY_MODULES) | set(_KERAS_ALIASES) | {'bfloat16'})
