"""``tf.compat.v1``: the TensorFlow 1 names an eager program still uses.

Logging, seeding and session configuration work (a ``Session`` holding a
``ConfigProto`` is accepted, the usual way TF 1-era programs set GPU memory
growth); building a graph to run later does not exist in tapeflow, which is
always eager, and raises TensorFlow's eager-mode RuntimeError. Other names are
tapeflow's (``tf.compat.v1.constant`` is ``tf.constant``).
"""
from . import v1_logging as logging  # noqa: F401
from .v1_in_top_k import math, nn  # noqa: F401  (TF 1's in_top_k argument order)
from .v1_initializers import constant_initializer, ones_initializer, zeros_initializer  # noqa: F401
from .v1_casts import (to_bfloat16, to_complex64, to_complex128, to_double, to_float,  # noqa: F401
                       to_int32, to_int64)
from .v1_strings import string_split, strings  # noqa: F401  (TF 1's SparseTensor splits)
from .v1_batch_gather import batch_gather  # noqa: F401
from .v1_image import image  # noqa: F401  (TF 1's extract_glimpse)
from .v1_train import train  # noqa: F401  (TF 1's SessionRunHook API)
from .v1_losses import losses  # noqa: F401  (TF 1's weighted scalar losses)
from .v1_ops import TOP_LEVEL as _TOP_LEVEL
from . import v1_random_initializers as _random_initializers
from .v1_metrics import metrics  # noqa: F401  (TF 1's streaming metrics: refused eagerly)
from .v1_modules import initializers, layers, summary  # noqa: F401  (TF 1's initializers; Keras 2 / graph refusals)
from .v1_collections import (GraphKeys, add_to_collection, add_to_collections, get_collection,  # noqa: F401
                             get_collection_ref)
from .v1_variable_scope import AUTO_REUSE, VariableScope, get_variable, get_variable_scope, variable_scope  # noqa: F401
from ..tensor_dimension import Dimension, as_dimension  # noqa: F401  (TensorShape.dims' items)
from .v1_setdiff import setdiff1d  # noqa: F401
from .v1_hash_buckets import (string_to_hash_bucket, string_to_hash_bucket_fast,  # noqa: F401
                              string_to_hash_bucket_strong)
from .v1_debugging import assert_scalar, debugging  # noqa: F401  (TF 1's assert_scalar returns its tensor)
from .v1_print import Print  # noqa: F401  (TF 1's printing identity)
from .v1_sparse_to_dense import sparse_to_dense  # noqa: F401

globals().update(_TOP_LEVEL)       # TF 1's spellings: random_normal, div, arg_max, keep_dims, initializers
globals().update(_random_initializers.TOP_LEVEL)    # glorot_uniform_initializer, truncated_normal_initializer, ...


def __getattr__(name):
    import framework
    from .v1_ops import renamed
    moved = renamed(name)
    if moved is not None:
        return moved
    try:
        return getattr(framework, name)
    except AttributeError as missing:     # named as this module, as TF names tensorflow.compat.v1
        error = AttributeError("module %r has no attribute %r" % (__name__, name))
        error.__notes__ = list(getattr(missing, '__notes__', []))
        raise error from None


def enable_eager_execution(config=None, device_policy=None, execution_mode=None):
    """Accepted: tapeflow always executes eagerly."""


def enable_v2_behavior():
    """Accepted: tapeflow has only TensorFlow 2's behaviour."""


def executing_eagerly():
    from .. import executing_eagerly as eagerly     # TF 2's answer: False inside a tf.function
    return eagerly()


def _graph_mode(what):
    raise RuntimeError('%s: tapeflow runs TensorFlow 2 programs eagerly and has no TensorFlow 1 graph mode; '
                       'compute values directly, with tf.function and tf.GradientTape where TF 1 used graphs '
                       'and Session.run.' % what)


def disable_eager_execution():
    _graph_mode('tf.compat.v1.disable_eager_execution()')


def disable_v2_behavior():
    _graph_mode('tf.compat.v1.disable_v2_behavior()')


def placeholder(dtype, shape=None, name=None):
    raise RuntimeError('tf.placeholder() is not compatible with eager execution.')


def reset_default_graph():
    """Accepted: eager programs have no default graph to clear (Keras's names are
    reset by ``keras.backend.clear_session()``)."""


def set_random_seed(seed):
    """TensorFlow 1's name of ``tf.random.set_seed``."""
    from framework import random
    random.set_seed(seed)


class GPUOptions:
    """The GPU settings of a ``ConfigProto`` (kept; tapeflow's GPU arrays come from cupy's pool)."""

    def __init__(self, allow_growth=False, per_process_gpu_memory_fraction=0.0, visible_device_list='', **kwargs):
        self.allow_growth = allow_growth
        self.per_process_gpu_memory_fraction = per_process_gpu_memory_fraction
        self.visible_device_list = visible_device_list
        self.__dict__.update(kwargs)


class ConfigProto:
    """Session settings, kept as given (``config.gpu_options.allow_growth = True``)."""

    def __init__(self, gpu_options=None, allow_soft_placement=False, log_device_placement=False,
                 intra_op_parallelism_threads=0, inter_op_parallelism_threads=0, device_count=None, **kwargs):
        self.gpu_options = gpu_options if gpu_options is not None else GPUOptions()
        self.allow_soft_placement = allow_soft_placement
        self.log_device_placement = log_device_placement
        self.intra_op_parallelism_threads = intra_op_parallelism_threads
        self.inter_op_parallelism_threads = inter_op_parallelism_threads
        self.device_count = dict(device_count or {})
        self.__dict__.update(kwargs)


class Session:
    """A TensorFlow 1 session: made, entered and closed as there, holding its ``config``.
    Its graph is always empty (tapeflow is eager), so ``run`` raises TensorFlow's words."""

    def __init__(self, target='', graph=None, config=None):
        self.target, self.graph, self.config = target, graph, config
        self._closed = False

    def run(self, fetches, feed_dict=None, options=None, run_metadata=None):
        if self._closed:
            raise RuntimeError('Attempted to use a closed Session.')
        raise RuntimeError('The Session graph is empty. Add operations to the graph before calling run(). '
                           '(tapeflow is eager: compute the values directly instead of through a Session.)')

    def close(self):
        self._closed = True

    def as_default(self):
        return self

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()
        return False


InteractiveSession = Session


def py_func(func=None, inp=None, Tout=None, stateful=True, name=None):
    """TensorFlow 1's ``tf.py_func``: ``func`` on numpy arrays, as ``tf.numpy_function`` (no gradient)."""
    if func is None:
        raise TypeError('Missing required positional argument')
    from .. import numpy_function
    return numpy_function(func, inp, Tout, stateful=stateful, name=name)


def placeholder_with_default(input, shape, name=None):  # noqa: A002  (TensorFlow's names)
    """``input`` itself, as TensorFlow's eager kernel gives it (the ``shape`` is a graph's static shape:
    TensorFlow does not check it eagerly, nor does tapeflow)."""
    from .. import convert_to_tensor, identity
    return identity(convert_to_tensor(input))


def executing_eagerly_outside_functions():
    """True: outside its tf.functions a tapeflow program always runs eagerly."""
    return True


def assign(ref, value, validate_shape=None, use_locking=None, name=None):
    """TensorFlow 1's ``tf.assign``: ``ref.assign(value)``, as TensorFlow runs it on a resource variable."""
    return ref.assign(value, name=name)


def assign_add(ref, value, use_locking=None, name=None):
    """TensorFlow 1's ``tf.assign_add``: ``ref.assign_add(value)``."""
    return ref.assign_add(value, name=name)


def assign_sub(ref, value, use_locking=None, name=None):
    """TensorFlow 1's ``tf.assign_sub``: ``ref.assign_sub(value)``."""
    return ref.assign_sub(value, name=name)
