"""EinsumDense: a dense layer whose product is an einsum equation, e.g.
'abc,cde->abde' projects (batch, steps, dim) onto (batch, steps, heads, size)."""
import re
import string

from framework.keras.einsum_matmul import einsum
from framework import ops as _ops
from framework.ops import cast
from framework.keras.ops_math import _add_as_keras as keras_add
from framework.keras.ops_dtypes import cast_all
from framework.ops.bias_add_kernel import add_bias

from . import activations, constraints, initializers, lora, regularizers
from .initializers import VarianceScaling
from .input_spec import InputSpec
from .layer import Layer
from .quantization_config import QuantizationConfigEntry
from .read_only_weights import PrivateWeight, ReadOnlyWeight, store
from .failed_build import keep_build

# The three forms Keras 3 accepts: no ellipsis, one on the left, one on the right.
_FORMS = (('plain', r'([a-zA-Z]+),([a-zA-Z]+)->([a-zA-Z]+)$'),
          ('left', r'\.\.\.([a-zA-Z]+),([a-zA-Z]+)->\.\.\.([a-zA-Z]+)$'),
          ('right', r'([a-zA-Z]{2,})\.\.\.,([a-zA-Z]+)->([a-zA-Z]+)\.\.\.$'))


def parse_equation(equation, who):
    """(form, input letters, kernel letters, output letters) of an EinsumDense equation."""
    if not isinstance(equation, str):
        # Keras 3 reads the equation with re.sub at build: Python's TypeError for bytes, None or a number
        if isinstance(equation, (bytes, bytearray)):
            raise TypeError('cannot use a string pattern on a bytes-like object')
        raise TypeError('expected string or bytes-like object, got %r' % type(equation).__name__)
    for form, pattern in _FORMS:
        match = re.match(pattern, equation)
        if match:
            return (form,) + match.groups()
    # Keras 3's words (spaces are not taken there either)
    error = ValueError("Invalid einsum equation '%s'. Equations must be in the form [X],[Y]->[Z], ...[X],[Y]->...[Z], "
                       'or [X]...,[Y]->[Z]....' % (equation,))
    error.add_note("%s: equations are of the form 'ab,bc->ac', '...ab,bc->...ac' or 'ab...,bc->ac...'" % who)
    raise error


class _Plan:
    """The shapes an equation gives for one input shape (Keras 3's analysis)."""

    def __init__(self, equation, bias_axes, input_shape, partial_output, who):
        form, ins, ker, outs = parse_equation(equation, who)
        if isinstance(input_shape, dict):       # the shapes of a dict of inputs: Keras 3 reads [0] first (TF 2.21)
            raise KeyError(0)
        indexed = 'list' if isinstance(input_shape, list) else 'tuple'      # (what Python's IndexError names)
        input_shape = tuple(input_shape)
        elided = len(input_shape) - len(ins)
        if elided < 0:      # Keras 3 reads the input's sizes past its rank: Python's IndexError
            error = IndexError('%s index out of range' % indexed)
            error.add_note('%s: equation %r does not fit an input of shape %s' % (who, equation, input_shape))
            raise error
        if form == 'plain' and elided:
            raise ValueError('%s: equation %r does not fit an input of shape %s' % (who, equation, input_shape))
        output = [input_shape[0]] + list(partial_output)
        if form == 'left':
            output[1:1] = input_shape[1:elided]
            in_at = {c: i + elided for i, c in enumerate(ins)}
            out_at = {c: i + elided for i, c in enumerate(outs)}
        else:
            if form == 'right':
                output += input_shape[len(input_shape) - elided:]
            in_at = {c: i for i, c in enumerate(ins)}
            out_at = {c: i for i, c in enumerate(outs)}
        # Keras 3's checks, in its order and words
        for c in ins:
            if c in out_at and output[out_at[c]] is not None and output[out_at[c]] != input_shape[in_at[c]]:
                raise ValueError("Input shape and output shape do not match at shared dimension '%s'. Input shape is "
                                 '%s, and output shape is %s.' % (c, input_shape[in_at[c]], output[out_at[c]]))
        for c in outs:
            if c not in ins and c not in ker:       # (Keras names the output spec as the weight spec too)
                raise ValueError("Dimension '%s' was specified in the output '%s' but has no corresponding dim in the "
                                 "input spec '%s' or weight spec '%s'" % (c, outs, ins, outs))
        self.kernel_shape, self.input_axes, self.output_axes = [], [], []
        for i, c in enumerate(ker):
            if c in out_at:
                self.kernel_shape.append(output[out_at[c]])
                self.output_axes.append(i)
            elif c in in_at:
                self.kernel_shape.append(input_shape[in_at[c]])
                self.input_axes.append(i)
            else:
                raise ValueError("Weight dimension '%s' did not have a match in either the input spec '%s' or the "
                                 "output spec '%s'. For this layer, the weight must be fully specified."
                                 % (c, ins, outs))
        if len(output) != len(outs) + elided:
            raise ValueError('%s: output_shape %s does not fit the output %r of equation %r'
                             % (who, tuple(partial_output), outs, equation))
        self.bias_shape = None
        if bias_axes:
            for c in bias_axes:
                if c not in outs:
                    raise ValueError("Bias dimension '%s' was requested, but is not part of the output spec '%s'"
                                     % (c, outs))
            offset = elided if form == 'left' else 0
            first = min(outs.find(c) for c in bias_axes)
            self.bias_shape = [output[i + offset] if c in bias_axes else 1 for i, c in enumerate(outs) if i >= first]
            if form != 'left':
                self.bias_shape += [1] * elided
        self.output_shape = tuple(output)
        free = [c for c in string.ascii_letters if c not in ins + ker + outs][:elided]
        dots = ''.join(free)
        # Our einsum takes no ellipsis: the elided axes get letters of their own.
        self.equation = '%s,%s->%s' % ((dots + ins, ker, dots + outs) if form == 'left' else
                                      (ins + dots, ker, outs + dots))


class EinsumDense(QuantizationConfigEntry, lora.MergedWhenSaved, Layer):     # (its LoRA file: the merged kernel, bias)
    """``activation(einsum(equation, inputs, kernel) + bias)``.

    Args:
        equation: 'ab,bc->ac'-style, with one optional '...' on the left or right.
        output_shape: the output's shape without the batch axis (and without
            the '...' axes); None entries are taken from the input.
        activation: a name or callable; None is linear.
        bias_axes: output letters the bias varies along; None: no bias.
        kernel_*, bias_*: initializers, regularizers and constraints.
        lora_rank, lora_alpha: build enables LoRA of that rank and alpha (see ``enable_lora``).
    Raises:
        ValueError: a malformed equation, output_shape or bias_axes; GPTQ or quantization arguments.
    """

    kernel = ReadOnlyWeight('kernel')       # Keras 3's property: no setter (layers/read_only_weights.py)
    _kernel = PrivateWeight('kernel')       # Keras 3's variable behind it

    def __init__(self, equation, output_shape, activation=None, bias_axes=None, kernel_initializer='glorot_uniform',
                 bias_initializer='zeros', kernel_regularizer=None, bias_regularizer=None, kernel_constraint=None,
                 bias_constraint=None, lora_rank=None, lora_alpha=None, gptq_unpacked_column_size=None,
                 quantization_config=None, **kwargs):
        super().__init__(**kwargs)
        who = 'EinsumDense %r' % self.name
        if gptq_unpacked_column_size or quantization_config is not None:
            raise ValueError('%s: GPTQ and quantization are not supported; leave gptq_unpacked_column_size and '
                             'quantization_config unset' % who)
        self.lora_rank = lora_rank
        self.lora_alpha = lora_alpha if lora_alpha is not None else lora_rank
        self.lora_enabled = False
        self.equation = equation        # Keras 3 keeps any equation and reads it at build
        # tuple(): Python's TypeError for a float, None or numpy int, as Keras 3's ('... is not iterable')
        # Keras 3 keeps the entries as given: one that is no size ('a') fails at build, in add_weight's
        # shape check ("Cannot convert '(2, 'a')' to a shape. Found invalid dimension 'a' ...")
        self.partial_output_shape = (output_shape,) if isinstance(output_shape, int) else tuple(output_shape)
        if bias_axes is not None and not isinstance(bias_axes, str):
            raise ValueError('%s: bias_axes must be a string of output letters or None, got %r' % (who, bias_axes))
        self.bias_axes = bias_axes
        self.activation = activations.get(activation)
        self.kernel_initializer = initializers.get(kernel_initializer)
        self.bias_initializer = initializers.get(bias_initializer)
        self.kernel_regularizer = regularizers.get(kernel_regularizer)
        self.bias_regularizer = regularizers.get(bias_regularizer)
        self.kernel_constraint = constraints.get(kernel_constraint)
        self.bias_constraint = constraints.get(bias_constraint)
        self.bias = None

    def _plan(self, input_shape):
        return _Plan(self.equation, self.bias_axes, input_shape, self.partial_output_shape,
                     'EinsumDense %r' % self.name)

    def build(self, input_shape):
        plan = self._plan(input_shape)
        if any(d is None for d in plan.kernel_shape):
            raise ValueError('EinsumDense %r: the kernel shape %s has unknown sizes; give them in output_shape or '
                             'the input shape (%s)' % (self.name, plan.kernel_shape, tuple(input_shape)))
        initializer = self.kernel_initializer
        if isinstance(initializer, VarianceScaling) and (initializer.input_axes is None
                                                         or initializer.output_axes is None):
            # fans from the axes the equation contracts and produces, as Keras 3 counts them
            # The drawn seed, not the configured one (None when unseeded), as Keras 3 clones it.
            config = dict(initializer.get_config(), seed=initializer.seed, input_axes=plan.input_axes,
                          output_axes=plan.output_axes)
            initializer = type(initializer)(**config)
        store(self, 'kernel', self.add_weight(name='kernel', shape=tuple(plan.kernel_shape), initializer=initializer,
                                              regularizer=self.kernel_regularizer, constraint=self.kernel_constraint))
        if plan.bias_shape is not None:
            self.bias = self.add_weight(name='bias', shape=plan.bias_shape, initializer=self.bias_initializer,
                                        regularizer=self.bias_regularizer, constraint=self.bias_constraint)
        self._equation = plan.equation
        self.input_spec = InputSpec(ndim=len(input_shape))
        self.built = True
        if self.lora_rank:
            # unlike Dense, Keras 3's EinsumDense passes lora_alpha on (it is kept)
            self.enable_lora(self.lora_rank, lora_alpha=self.lora_alpha)

    def enable_lora(self, rank, lora_alpha=None, a_initializer='he_uniform', b_initializer='zeros'):
        """Freeze the kernel and train ``lora_kernel_a @ lora_kernel_b`` (a: kernel.shape[:-1] + (rank,),
        b: (rank, kernel.shape[-1])) scaled by ``lora_alpha / rank``, as Keras 3 (see layers/lora.py).

        Raises:
            ValueError: a kernel constraint, an unbuilt layer, LoRA already enabled (Keras 3's words).
        """
        lora.check_can_enable(self, self.kernel_constraint)
        lora.enable(self, 'kernel', 'lora_kernel', rank, lora_alpha, a_initializer, b_initializer,
                    self.kernel_regularizer)

    def call(self, inputs, training=None):      # (Keras 3.15's signature: its error banners list training)
        if inputs._data.dtype.kind in 'OSU':
            try:        # keras.ops.einsum's type promotion refuses strings, in call, after the build (kept)
                cast_all([inputs, self.kernel], 'einsum')
            except ValueError as error:
                raise keep_build(error) from None
        if inputs._data.dtype.kind in 'iub':
            # keras.ops.einsum promotes an integer input to the kernel's float dtype (TF's einsum refuses it)
            inputs = cast(inputs, self.kernel.dtype)
        kernel = self.kernel
        if inputs._data.dtype != kernel._data.dtype:
            # keras.ops.einsum casts both to their Keras 3 result type where the call runs on data of another
            # dtype (TimeDistributed, layer.call): float64 data meets a float32 kernel in float64 (TF 2.21),
            # float16 data in float32, and keras.ops.add promotes the bias the same way
            inputs, kernel = cast_all([inputs, kernel], 'einsum')
        # keras.ops.einsum runs Keras's tf.matmul recipe for some equations; one with '...' is tf.einsum's
        x = (_ops.einsum if '.' in self.equation else einsum)(self._equation, inputs, kernel)
        if self.bias is not None and self.bias._data.dtype != x._data.dtype:
            x = keras_add(x, cast(self.bias, x.dtype))
        elif self.bias is not None:
            # Keras adds its bias with keras.ops.add, whose TF backend makes a bias of one axis past size 1
            # tf.nn.bias_add (gradient: BiasAddGrad's sum), channels first when x's second axis has its size
            # and the last has not: MultiHeadAttention(num_heads=2, key_dim=1) on 2 key steps adds the key
            # bias (2, 1) along the steps in TF 2.21 (its scores 0.49202 where + gave 0.50084)
            x = add_bias(x, self.bias) if self.bias.ndim == 1 else keras_add(x, self.bias)
        return activations.apply_activation(self.activation, x)

    def compute_output_shape(self, input_shape):
        return self._plan(input_shape).output_shape

    def get_config(self):
        config = super().get_config()
        config.update({
            'output_shape': self.partial_output_shape, 'equation': self.equation,
            'activation': activations.serialize(self.activation), 'bias_axes': self.bias_axes,
            'kernel_initializer': initializers.serialize(self.kernel_initializer),
            'bias_initializer': initializers.serialize(self.bias_initializer),
            'kernel_regularizer': regularizers.serialize(self.kernel_regularizer),
            'bias_regularizer': regularizers.serialize(self.bias_regularizer),
            'activity_regularizer': regularizers.serialize(self.activity_regularizer),
            'kernel_constraint': constraints.serialize(self.kernel_constraint),
            'bias_constraint': constraints.serialize(self.bias_constraint),
            'quantization_config': None,
        })
        if self.lora_rank:
            config['lora_rank'] = self.lora_rank
            config['lora_alpha'] = self.lora_alpha
        return config
