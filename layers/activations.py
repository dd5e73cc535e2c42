"""Activation functions by Keras 3 name: ``get('relu')`` or any callable.

Each is a thin name over a framework op, so its gradient is the op's.
``serialize(fn)`` gives the name back ('linear' for the identity).
"""
import types

from framework import ops
from framework.custom_gradient import Bind
from framework.ops.activations import keras_elu, traced_mish
from framework.keras.activation_inputs import float_activation_input, floatx_activation_input
from framework.keras.ops_nn import softmax as keras_softmax
from framework.keras.softmax_axis_warning import warn_if_one_class
from framework.losses.tensor_notes import set_keras_logits

from . import activation_products, activations_extra, call_context
from .symbolic_activations import OP_OF_ACTIVATION, recording


def linear(x):
    """The identity (Dense's default: no activation)."""
    return x


def apply_activation(activation, x):
    """``activation(x)``, or x itself when the attribute was set to None after
    construction (Grad-CAM's ``model.layers[-1].activation = None``): Keras 3's
    layers skip a None activation rather than call it."""
    return x if activation is None else activation(x)


def relu(x, negative_slope=0.0, max_value=None, threshold=0.0):
    """max(x, 0); Keras 3's options: values above ``threshold`` pass, the
    positive part is capped at ``max_value``, and ``negative_slope`` times
    (threshold - x) is taken off below the threshold.

    Composed as Keras 3's ReLU.static_call composes it, since the composition
    decides the gradient at the kinks: a slope alone is leaky_relu (slope * g at
    x == 0), a cap of 6 is relu6 (no gradient at x == 6), other caps are
    clip_by_value (gradient through at the cap)."""
    if negative_slope == 0.0 and max_value is None and threshold == 0.0:
        return ops.relu(x)
    x = ops.convert_to_tensor(x)
    if negative_slope != 0.0:
        if x.dtype.is_integer:
            x = ops.cast(x, 'float32')      # a leaky relu of integers is float32, as TensorFlow's leaky_relu makes it
        if max_value is None and threshold == 0:
            return ops.leaky_relu(x, negative_slope)
        negative_part = ops.relu(-x + threshold) if threshold != 0 else ops.relu(-x)
    clip_max = max_value is not None
    if threshold != 0:
        positive = ops.where(x > threshold, x, 0.0)
    elif max_value == 6:
        positive, clip_max = ops.relu6(x), False
    else:
        positive = ops.relu(x)
    if clip_max:      # the cap in x's dtype, as Keras 3 casts it (clip_by_value refuses 6.0 for ints)
        cap = ops.cast(max_value, positive.dtype) if positive.dtype.is_integer else float(max_value)
        positive = ops.clip_by_value(positive, 0, cap)
    if negative_slope != 0.0:
        positive = positive - negative_slope * negative_part
    return positive


def elu(x, alpha=1.0):
    """x for x > 0, alpha * (exp(x) - 1) otherwise."""
    return keras_elu(float_activation_input(x, 'elu'), alpha)


def selu(x):
    """scale * elu(x, alpha), with Klambauer et al.'s constants."""
    return ops.selu(float_activation_input(x, 'selu'))


def sigmoid(x):
    """1 / (1 + exp(-x)); the result remembers x, so binary cross-entropy can
    score from the logits as Keras does (``_keras_logits``)."""
    y = ops.sigmoid(float_activation_input(x, 'sigmoid'))
    set_keras_logits(y, x)
    return y


def tanh(x):
    """Integer inputs give floatx, as Keras's tanh (a numpy-style op)."""
    return ops.tanh(floatx_activation_input(x, 'tanh'))


def softmax(x, axis=-1):
    """exp(x) / sum(exp(x)) along ``axis``; the result remembers x, so categorical
    cross-entropy can score from the logits as Keras does (``_keras_logits``)."""
    if axis is None or isinstance(axis, tuple):
        # as keras.ops.softmax: those axes flattened into one row (None: all of them)
        return keras_softmax(x, axis)
    if isinstance(axis, list):
        # (a list, as a loaded Softmax config gives): exp(x - logsumexp(x)) over those axes
        x = float_activation_input(x, 'softmax')
        axes = tuple(range(x.ndim)) if axis is None else tuple(axis)
        y = ops.exp(x - ops.reduce_logsumexp(x, axis=axes, keepdims=True))
    else:
        warn_if_one_class(x, axis)
        y = ops.softmax(float_activation_input(x, 'softmax'), axis)
    set_keras_logits(y, x)
    return y


def log_softmax(x, axis=-1):
    return ops.log_softmax(float_activation_input(x, 'log_softmax'), axis)


def softplus(x):
    """log(1 + exp(x))."""
    return ops.softplus(float_activation_input(x, 'softplus'))


def softsign(x):
    """x / (1 + |x|)."""
    return ops.softsign(float_activation_input(x, 'softsign'))


def gelu(x, approximate=False):
    """x * Phi(x) (exact by default, as in Keras 3; the tanh form when ``approximate``)."""
    return ops.gelu(float_activation_input(x, 'gelu'), approximate)


def silu(x):
    """x * sigmoid(x) (also called swish)."""
    return ops.silu(float_activation_input(x, 'silu'))


swish = silu


def leaky_relu(x, negative_slope=0.2):
    """x for x > 0, negative_slope * x otherwise."""
    return ops.leaky_relu(floatx_activation_input(x, 'leaky_relu'), negative_slope)


def relu6(x):
    """min(max(x, 0), 6)."""
    return ops.relu6(x)


def exponential(x):
    """Integer inputs give floatx, as Keras's exp (a numpy-style op)."""
    return ops.exp(floatx_activation_input(x, 'exponential'))


def hard_sigmoid(x):
    """relu6(x + 3) / 6, i.e. clip(x / 6 + 0.5, 0, 1) (Keras 3's definition)."""
    return _noted_product('hard_sigmoid', ops.hard_sigmoid, float_activation_input(x, 'hard_sigmoid'))


def hard_silu(x):
    """x * hard_sigmoid(x)."""
    return _noted_product('hard_silu', ops.hard_silu, float_activation_input(x, 'hard_silu'))


def _noted_product(kind, op, x):
    """``op(x)``; in a traced call, noted for a BatchNormalization that multiplies it again (TF's graph
    regroups that chain of products: activation_products.py)."""
    traced = call_context.in_traced_function()
    if kind == 'hard_silu' and traced:     # (its gradient's order follows the graph names: hard_silu_graph.py)
        out = op(x, traced=traced, scope=call_context.outermost_scope())
    else:
        out = op(x, traced=traced)
    if traced:
        activation_products.note(out, kind, x)
    return out


hard_swish = hard_silu


def mish(x):
    """x * tanh(softplus(x))."""
    x = float_activation_input(x, 'mish')
    traced = traced_mish(x)         # a traced call no tape records: TF's graph runs oneDNN's mish
    return traced if traced is not None else x * ops.tanh(ops.softplus(x))


_ALL = {fn.__name__: fn for fn in (linear, relu, elu, selu, sigmoid, tanh, softmax, log_softmax, softplus,
                                   softsign, gelu, silu, leaky_relu, relu6, exponential, hard_sigmoid,
                                   hard_silu, mish)}
_ALL.update((fn.__name__, fn) for fn in activations_extra.ALL)
# On a KerasTensor each records Keras's op (symbolic_activations); the module's names are the recording ones.
_ALL.update((name, recording(_ALL[name], op)) for name, op in OP_OF_ACTIVATION.items())
# (mish and hard_silu record nothing on a KerasTensor, as Keras 3's fail there; a RaggedTensor's values they map)
_ALL.update((name, recording(_ALL[name], None)) for name in ('mish', 'hard_silu', 'sparse_sigmoid'))
_ALL.update(swish=_ALL['silu'], hard_swish=_ALL['hard_silu'])
globals().update(_ALL)      # keras.activations.celu, ...
# Keras 3's public names only: dir(keras.activations) lists no helper module or function of tapeflow's
__all__ = sorted(set(_ALL) | {'get', 'serialize', 'deserialize'})


def get(identifier):
    """The activation named ``identifier`` (None gives linear), or the callable itself.

    Raises:
        ValueError: an unknown name, listing the valid ones, or a non-callable.
    """
    if identifier is None:
        return linear
    if isinstance(identifier, dict) and _names_a_keras_object(identifier):
        # Keras 3's form of a custom function or object ({'class_name': 'function', 'config':
        # 'my_package>custom_fn', ...}): found through the registry and custom_objects scopes
        from framework.keras.object_serialization import deserialize_keras_object
        identifier = deserialize_keras_object(identifier)
    if isinstance(identifier, dict):        # Keras's serialized form {'class_name': 'relu', ...}
        identifier = _named_in_dict(identifier)
    if isinstance(identifier, str):
        fn = _ALL.get(identifier)
        if fn is None:
            raise _not_interpreted(identifier, 'Valid names are %s' % ', '.join(sorted(_ALL)))
        return fn
    if callable(identifier):
        return identifier
    raise _not_interpreted(identifier, "Give a name such as 'relu' or a callable")


def _named_in_dict(config):
    """The activation an older serialized form names ({'class_name': 'relu', 'config': 'relu'}, ...).

    Raises Keras 3's error where the dict names none: TypeError 'Could not locate class' for a
    {'class_name': ..., 'config': ...} (Keras looks the class up and fails), ValueError with the dict
    otherwise, rather than an identifier read as None.
    """
    name = config.get('config', config.get('class_name'))
    if isinstance(name, dict):
        name = name.get('name')
    if name in _ALL:
        return name
    if 'class_name' in config and 'config' in config:
        from .serialization import not_located_text
        raise TypeError(not_located_text(config['class_name'], config))
    raise _not_interpreted(config, 'Valid names are %s' % ', '.join(sorted(_ALL)))


def _not_interpreted(identifier, note):
    """Keras 3's ValueError text; what tapeflow knows (the valid names) rides as a note."""
    error = ValueError('Could not interpret activation function identifier: %s' % (identifier,))
    error.add_note(note)
    return error


def serialize(activation):
    """The name of a built-in activation; Keras 3's ``serialize_keras_object`` dict otherwise.

    A Python lambda is ``{'value': <bytecode>}``, which Keras 3 cannot load back either. A custom
    function is ``{'class_name': 'function', 'config': <registered name>, ...}``
    (its 'Package>name' when registered, so loading finds it again); an object with
    ``get_config`` (a layer used as activation) is its full config.
    """
    for name, fn in _ALL.items():
        if fn is activation:
            return name
    from framework.keras.object_serialization import serialize_keras_object
    from .saving.registry import get_registered_name
    if isinstance(activation, (types.FunctionType, Bind)):     # a @tf.custom_gradient function as any function
        if activation.__name__ == '<lambda>':
            # Keras 3 returns the config of its '__lambda__' entry, the bare {'value': bytecode}, after
            # the unsafe-lambda warning; no loader reads it back ("Could not interpret activation
            # function identifier"), on TF 2.21 as here
            return serialize_keras_object(activation)['config']
        name = get_registered_name(activation)
        if name in _ALL and name not in ('swish', 'hard_swish'):
            # Keras 3 tells builtins by name (its module's globals, aliases aside), not identity:
            # tf.nn.leaky_relu (or a def named 'relu') is saved as 'leaky_relu', and loads as Keras's own
            return name
        from .object_sharing import recorded
        return recorded(activation, {'module': 'builtins', 'class_name': 'function', 'config': name,
                                     'registered_name': 'function'})
    if hasattr(activation, 'get_config'):
        return serialize_keras_object(activation)
    return getattr(activation, '__name__', repr(activation))


def _names_a_keras_object(config):
    """Whether a config dict is Keras 3's full form (a function or a registered/layer object)
    rather than the bare {'class_name': 'relu'} of older files."""
    return config.get('class_name') == 'function' or 'module' in config or 'registered_name' in config


def deserialize(config, custom_objects=None):
    """The activation a config names, as ``get`` finds it, with Keras 3's answer for what its table
    lacks (the name comes back as it is; None is None, where get(None) is linear) and its ValueError
    for a dict that names no class (what ``serialize`` makes of a Python lambda, {'value': <bytecode>})."""
    from framework.keras.module_table_deserialize import deserialize_in_table
    return deserialize_in_table(config, custom_objects, _ALL, _resolve)


def _resolve(config, custom_objects):
    if custom_objects:
        from .saving.registry import custom_object_scope
        with custom_object_scope(custom_objects):
            return get(config)
    return get(config)
