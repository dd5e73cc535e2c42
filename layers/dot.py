"""Dot: the batchwise dot product of two tensors along one axis of each."""
import string

from framework.ops import cast, einsum, expand_dims
from framework.tensor import convert_to_tensor

from .layer import Layer
from .merging import refuse_no_shapes
from .unit_normalization import unit_normalize


def _check_pair(layer, value, what):
    if what == 'input_shape':
        refuse_no_shapes(layer, value)
    if what == 'input_shape' and (not isinstance(value, (list, tuple)) or len(value) != 2
                                  or not isinstance(value[0], (list, tuple))):
        error = ValueError('A `Dot` layer should be called on a list of 2 inputs. Received: input_shape=%s'
                           % (value,))        # Keras 3's build
        error.add_note('Dot %r: call it on a list of 2 tensors' % layer.name)
        raise error
    if not isinstance(value, (list, tuple)) or len(value) != 2:
        raise ValueError('Dot %r: a `Dot` layer should be called on a list of 2 inputs; received %s %r'
                         % (layer.name, what, value if what == 'input_shape' else type(value).__name__))


class Dot(Layer):
    """For inputs x (batch, ...) and y (batch, ...), sums x * y over
    ``axes[0]`` of x and ``axes[1]`` of y, keeping the batch axis (Keras's
    ``batch_dot``): the output is (batch, x's other axes, y's other axes), or
    (batch, 1) when nothing else is left.

    Args:
        axes: an int (the same axis of both) or a pair; negative counts from the end.
        normalize: L2-normalize both inputs along those axes first (cosine proximity).
    Raises:
        TypeError / ValueError: malformed axes; on call, not two inputs, or
            axes of different sizes, or the batch axis.
    """

    def __init__(self, axes, normalize=False, **kwargs):
        super().__init__(**kwargs)
        if not isinstance(axes, int) or isinstance(axes, bool):
            if not isinstance(axes, (list, tuple)):
                error = TypeError('Invalid type for argument `axes`: it should be a list or an int. Received: '
                                  'axes=%s' % (axes,))      # Keras 3's
                error.add_note('Dot: axes is an int or a pair of ints')
                raise error
            if len(axes) != 2:          # Keras 3's two checks and texts
                raise ValueError('Invalid format for argument `axes`: it should contain two elements. Received: '
                                 'axes=%s' % (axes,))
            if not all(isinstance(a, int) and not isinstance(a, bool) for a in axes):
                raise ValueError('Invalid format for argument `axes`: list elements should be integers. Received: '
                                 'axes=%s' % (axes,))
        self.axes = axes
        self.normalize = normalize      # as given, as Keras 3 keeps it (get_config: 1 stays 1)
        self.supports_masking = True        # as Keras: a masked input is accepted quietly, and ...

    def compute_mask(self, inputs, mask=None):
        return None                         # ... the product carries no mask

    def _axes_for(self, shapes):
        pair = [self.axes] * 2 if isinstance(self.axes, int) else list(self.axes)
        axes = [a % len(s) if a < 0 else a for a, s in zip(pair, shapes)]
        for a, s in zip(axes, shapes):
            if a >= len(s):     # Keras's build reads shape[axis]: Python's IndexError, as on TF 2.21
                error = IndexError('tuple index out of range')
                error.add_note('Dot %r: axis %d of an input of shape %s does not exist' % (self.name, a, tuple(s)))
                raise error
            if len(s) < 2 or not 0 < a < len(s):
                raise ValueError('Dot %r: cannot take the dot product over axis %s of inputs of shapes %s (the '
                                 'batch axis 0 cannot be one, and both inputs need rank >= 2)'
                                 % (self.name, self.axes, [tuple(s) for s in shapes]))
        d1, d2 = shapes[0][axes[0]], shapes[1][axes[1]]
        if d1 is not None and d2 is not None and d1 != d2:
            error = ValueError('Incompatible input shapes: axis values %s (at axis %d) != %s (at axis %d). '
                               'Full input shapes: %s, %s' % (d1, axes[0], d2, axes[1], shapes[0], shapes[1]))
            error.add_note('Dot %r: the axes it multiplies over must have one size' % self.name)
            raise error
        return axes

    def build(self, input_shape):
        _check_pair(self, input_shape, 'input_shape')
        if None not in input_shape:     # Keras 3's build returns early for a None input
            self._axes_for(input_shape)
        self.built = True

    def call(self, inputs):
        _check_pair(self, inputs, 'a')
        x, y = inputs
        if x is None or y is None:
            # (TF 2.21's batch_dot fails reading None's .shape, an AttributeError; the conversion's words,
            # as the other merging layers give, say what is wrong)
            x, y = convert_to_tensor(x), convert_to_tensor(y)
        a0, a1 = self._axes_for([tuple(x.shape), tuple(y.shape)])
        if self.normalize:
            x, y = unit_normalize(x, a0), unit_normalize(y, a1)
        letters = iter(string.ascii_letters[1:])
        xs = ['a'] + [next(letters) for _ in range(x.ndim - 1)]
        ys = ['a'] + [next(letters) for _ in range(y.ndim - 1)]
        ys[a1] = xs[a0]
        out = [c for c in xs if c != xs[a0]] + [c for c in ys[1:] if c != xs[a0]]
        equation = '%s,%s->%s' % (''.join(xs), ''.join(ys), ''.join(out))
        if x.dtype.is_bool and y.dtype.is_bool:
            # Keras 3's batch_dot is keras.ops.matmul, which multiplies bools in floatx and casts back
            # (TF's einsum kernel has none for bool)
            result = cast(einsum(equation, cast(x, 'float32'), cast(y, 'float32')), 'bool')
        else:
            result = einsum(equation, x, y)
        return expand_dims(result, 1) if result.ndim == 1 else result

    def compute_output_shape(self, input_shape):
        """Keras 3's arithmetic alone: the sizes are checked by build, not here (Dot(axes=0) gives
        (3, 4, 4) for two (None, 3, 4) shapes, as on TF 2.21)."""
        _check_pair(self, input_shape, 'input_shape')
        shape1, shape2 = list(input_shape[0]), list(input_shape[1])
        if isinstance(self.axes, int):
            axes = [self.axes % len(shape1), self.axes % len(shape2)] if self.axes < 0 else [self.axes] * 2
        else:
            axes = self.axes
        shape1.pop(axes[0])
        shape2.pop(axes[1])
        out = shape1 + shape2[1:]
        return tuple(out + [1] if len(out) == 1 else out)

    def get_config(self):
        config = super().get_config()
        config.update(axes=self.axes, normalize=self.normalize)
        return config
