"""Dense: ``activation(inputs @ kernel + bias)`` over the last axis."""
import numpy as np

from framework import graph_random_ops, onednn_policy
from framework.losses.tensor_notes import set_keras_logits
from framework.ops import affine
from framework.ops.fused_eltwise import fused_silu, fused_without_tape, mark_fusable
from framework.tape import ACTIVE
from framework.ops.fused_sigmoid import fused_sigmoid
from framework.ops.dense_activation import affine_activation
from framework.sparse.sparse_tensor import SparseTensor

from . import activations, call_context, lora
from .kernel_options import KernelOptions
from .input_spec import InputSpec
from .weight_paths import weight_path
from .integer_inputs import promoted
from .wider_inputs import cast_all, wider_dtype
from .layer import PLAIN_CALLS, Layer
from .silu_fusion import fuses_in_user_step
from .own_variables import check_own_variable_count
from .read_only_weights import PrivateWeight, ReadOnlyWeight
from .quantization_config import QuantizationConfigEntry
from .sparse_inputs import sparse_times_kernel


_FUSED_WITHOUT_TAPE = {activations.silu: 'silu', activations.mish: 'mish', activations.gelu: 'gelu'}


def _in_keras_step():
    state = graph_random_ops.current()
    return state is not None and state.keras_step


class Dense(QuantizationConfigEntry, KernelOptions, Layer):
    """A fully connected layer (Keras 3's arguments and defaults).

    The kernel has shape (input_dim, units); inputs of rank >= 2 are
    multiplied over their last axis, so (batch, steps, input_dim) gives
    (batch, steps, units).

    Args:
        units: the output width, a positive integer.
        activation: a name or callable; None means linear.
        use_bias: whether to add a bias vector.
        kernel_initializer, bias_initializer: initializers or their names.
        kernel_regularizer, bias_regularizer, activity_regularizer: regularizers.
        kernel_constraint, bias_constraint: constraints applied after updates.
        lora_rank, lora_alpha: build enables LoRA of that rank (see ``enable_lora``; Keras 3's build
            then resets lora_alpha to the rank).
    Raises:
        ValueError: units not a positive integer; on call, an input whose last
            axis differs from the one the layer was built for.
    """

    def __init__(self, units, activation=None, use_bias=True, kernel_initializer='glorot_uniform',
                 bias_initializer='zeros', kernel_regularizer=None, bias_regularizer=None,
                 activity_regularizer=None, kernel_constraint=None, bias_constraint=None,
                 lora_rank=None, lora_alpha=None, quantization_config=None, **kwargs):
        # units are checked before the layer takes a name, as Keras 3 does: a refused Dense(-1)
        # leaves the next Dense 'dense_1'
        if not isinstance(units, int) or units <= 0:
            # A numpy integer is refused as Keras 3 refuses it (the autoencoder tutorial's
            # Dense(tf.math.reduce_prod(shape).numpy()) raises on TF 2.21), in its words; what to
            # pass goes in a note. True is an int to Keras's check: Dense(True) has one unit
            error = ValueError('Received an invalid value for `units`, expected a positive integer. '
                               'Received: units=%s' % format(units))     # an f-string's: a tensor shows its value
            if isinstance(units, np.integer) and units > 0:
                error.add_note('Dense: units is a numpy %s; pass int(units)' % units.dtype)
            raise error
        super().__init__(activity_regularizer=activity_regularizer, **kwargs)
        if quantization_config is not None:
            raise ValueError('Dense: quantization is not supported; quantization_config must be None, '
                             'got %r' % (quantization_config,))
        self.units = int(units)
        # Keras 3 keeps lora_alpha until build, whose enable_lora(lora_rank) then resets it to the rank
        self.lora_rank = lora_rank
        self.lora_alpha = lora_alpha if lora_alpha is not None else lora_rank
        self.lora_enabled = False
        self._set_kernel_options(activation, use_bias, kernel_initializer, bias_initializer, kernel_regularizer,
                                 bias_regularizer, kernel_constraint, bias_constraint)
        self.input_spec = InputSpec(min_ndim=2)

    kernel = ReadOnlyWeight('kernel')       # Keras 3's property: no setter (layers/read_only_weights.py)
    _kernel = PrivateWeight('kernel')       # Keras 3's variable behind it

    # A SparseTensor input reaches call (see _call_on_sparse); a RaggedTensor is refused as before.
    _keeps_composite_inputs = (SparseTensor,)

    def build(self, input_shape):
        input_dim = input_shape[-1]
        if input_dim is None:       # Keras 3's Variable check of the kernel's shape
            error = ValueError("Shapes used to initialize variables must be fully-defined (no `None` dimensions). "
                               "Received: shape=(None, %d) for variable path='%s'"
                               % (self.units, weight_path(self, 'kernel')))
            error.add_note('Dense %r: the last axis of the input must be known to build, got shape %s'
                           % (self.name, tuple(input_shape)))
            raise error
        self._add_kernel_and_bias((input_dim, self.units), self.units)
        self.input_spec = InputSpec(min_ndim=2, axes={-1: int(input_dim)})
        self.built = True
        if self.lora_rank:
            self.enable_lora(self.lora_rank)

    def enable_lora(self, rank, lora_alpha=None, a_initializer='he_uniform', b_initializer='zeros'):
        """Freeze the kernel and train a rank-``rank`` update ``lora_kernel_a @ lora_kernel_b`` scaled by
        ``lora_alpha / rank`` (default alpha: the rank), as Keras 3 (see layers/lora.py).

        Raises:
            ValueError: a kernel constraint, an unbuilt layer, LoRA already enabled (Keras 3's words).
        """
        lora.check_can_enable(self, self.kernel_constraint)
        lora.enable(self, 'kernel', 'lora_kernel', rank, lora_alpha, a_initializer, b_initializer,
                    self.kernel_regularizer)

    def save_own_variables(self, store):
        """The kernel under '0' and the bias under '1', as Keras 3's Dense files them (variables a
        subclass adds are its own to save)."""
        if not self.built:
            return
        # with LoRA: the merged kernel and no LoRA weights (Keras 3's file is a plain Dense's)
        store['0'] = lora.merged(self) if self.lora_enabled else self.kernel
        if self.bias is not None:
            store['1'] = self.bias

    def load_own_variables(self, store):
        if not self.lora_enabled:
            check_own_variable_count(self, store)
        if not self.built:
            return
        self.__dict__['kernel'].assign(store['0'])      # the variable (with LoRA, ``kernel`` reads the merged tensor)
        if self.bias is not None:
            self.bias.assign(store['1'])
        if self.lora_enabled:
            lora.zero_lora_weights(self)

    def call(self, inputs, training=None):
        # ``training`` is unused but named, as in Keras 3: a subclass's call(inputs, *args, **kwargs)
        # forwards the flag to super().call (the serialization guide's LayerWithCustomVariable)
        kernel = self.__dict__['kernel']      # (the read-only property's value, at plain attribute speed)
        if type(inputs) is SparseTensor:      # a keras.Input(sparse=True) batch, as Keras's TF backend takes it
            return self._call_on_sparse(inputs)
        if inputs._data.dtype is not kernel._data.dtype:
            wider = wider_dtype(inputs, kernel)
            if wider is not None:       # a direct call on wider floats computes in them (wider_inputs.py)
                return self._call_in(wider, inputs)
            inputs = promoted(inputs, kernel.dtype)     # integer inputs, as Keras promotes them
        activation = self.activation
        if activation is activations.linear or activation is None:     # None: reset after construction
            outputs = affine(inputs, kernel, self.bias)     # one op: x @ kernel + bias
            if self.bias is not None and call_context.in_traced_function():
                # TF fuses a following Activation layer's tanh, elu, sigmoid, and an Add (fused_residual_add)
                mark_fusable(outputs, parts=(inputs, kernel, self.bias))
            return outputs
        # relu, elu and tanh join the affine op (one node; see ops/dense_activation.py)
        if activation is activations.relu:      # (oneDNN's fused relu makes a NaN 0, the eager kernel keeps it)
            return affine_activation(inputs, kernel, self.bias, 'relu', self._onednn_fuses())
        if activation is activations.elu:
            return affine_activation(inputs, kernel, self.bias, 'elu', self._fused_kernel())
        if activation is activations.tanh:
            return affine_activation(inputs, kernel, self.bias, 'tanh', self._onednn_fuses())
        if activation is activations.sigmoid and self._onednn_fuses():
            # a traced step: TF fuses MatMul + BiasAdd + Sigmoid into oneDNN's kernel (ops/fused_sigmoid.py)
            logits = affine(inputs, kernel, self.bias)
            outputs = fused_sigmoid(logits, inputs, kernel, self.bias)     # (16 bits: the float32 sum's)
            set_keras_logits(outputs, logits)       # as activations.sigmoid: cross-entropies read the logits
            return outputs
        if activation is activations.silu and ACTIVE and self._onednn_fuses() and (
                _in_keras_step() or fuses_in_user_step(self)):
            # a fit step: TF fuses the swish where the loss's gradient reaches it as data, which any usual
            # loss's does (a tf.function differentiating the output itself, a constant gradient, is not fused;
            # a user's step fuses the layers that feed other layers: silu_fusion.py)
            z = affine(inputs, kernel, self.bias)
            fused = fused_silu(z)
            return activation(z) if fused is None else fused
        name = _FUSED_WITHOUT_TAPE.get(activation)
        if name is not None and not ACTIVE and self._onednn_fuses():
            # predict / evaluate: TF fuses silu and mish too where no gradient reads x @ kernel + bias
            return fused_without_tape(name, affine(inputs, kernel, self.bias), activation, (inputs, kernel, self.bias))
        return activation(affine(inputs, kernel, self.bias))

    def _call_in(self, dtype, inputs):
        """Keras's call as written (matmul, bias add, activation), with every operand cast to ``dtype``."""
        inputs, kernel, bias = cast_all(dtype, inputs, self.kernel, self.bias)
        outputs = affine(inputs, kernel, bias)
        return outputs if self.activation is None else self.activation(outputs)

    def _onednn_fuses(self):
        """Whether TensorFlow runs this call's MatMul + bias Add + activation as one oneDNN kernel
        (its graph optimizer fuses them in a traced step where it runs oneDNN; not without a bias)."""
        return self.bias is not None and call_context.in_traced_function() and onednn_policy.enabled()

    def _fused_kernel(self):
        """Which kernel TF's graph optimizer fuses this call's MatMul + bias Add + activation into: False
        (eager, or no bias), True (oneDNN's) or 'eigen' (Eigen's, where oneDNN is off: ops/eigen_fused_elu.py)."""
        if self.bias is None or not call_context.in_traced_function():
            return False
        return True if onednn_policy.enabled() else 'eigen'

    def _call_on_sparse(self, inputs):
        outputs = sparse_times_kernel(inputs, self.kernel, self.name)
        if self.bias is not None:
            outputs = outputs + self.bias
        return outputs if self.activation is None else self.activation(outputs)

    def compute_output_shape(self, input_shape):
        return tuple(input_shape)[:-1] + (self.units,)

    def get_config(self):
        config = super().get_config()
        config['units'] = self.units
        config.update(self._kernel_options_config())
        config['quantization_config'] = None
        if self.lora_rank:
            config['lora_rank'] = self.lora_rank
            config['lora_alpha'] = self.lora_alpha
        return config


PLAIN_CALLS[Dense] = False      # (see layer.py: a built Dense's call needs none of __call__'s work)
