"""Layers that only move elements: Reshape, Permute, RepeatVector, and the
cropping / zero-padding of 1-D and 2-D inputs."""
import numpy as np

from framework.errors import InvalidArgumentError
from framework.keras.ops_shapes import pad as keras_pad
from framework.ops import expand_dims, pad, reshape, tile, transpose
from framework.type_text import EAGER_TENSOR_PATH

from .argument_tuples import standardized_data_format, standardized_tuple
from .input_spec import InputSpec
from .listed_inputs import as_one_tensor, read_shape
from .layer import Layer


def _resolved_target(known, target, who):
    """``target`` with its -1 filled from the ``known`` non-batch shape, when it can be; a
    ValueError when the known size cannot take it (Keras 3 checks this when the layer is
    called, on a symbolic input before any data flows, and on data before its reshape op)."""
    target = tuple(target)
    if any(d is None for d in known) or None in target:
        return target
    rest = int(np.prod([d for d in target if d != -1], dtype=np.int64))
    total = int(np.prod(known, dtype=np.int64))
    if (rest == 0 or total % rest) if -1 in target else rest != total:
        # Keras 3's words (compute_reshape_output_shape); which layer, in a note
        error = ValueError('The total size of the tensor must be unchanged%s. Received: input_shape=%s, '
                           'target_shape=%s' % (', however, the input size cannot by divided by the specified '
                                                'dimensions in target_shape' if -1 in target else '',
                                                tuple(known), target))
        error.add_note('%s: an input of shape %s cannot be reshaped to target_shape %s' % (who, tuple(known), target))
        # Keras raises it from a Sequential's symbolic build too, where a layer's own refusal of its input
        # is what stops the build (not a layer that merely cannot be traced)
        error.incompatible_input = True
        raise error
    return tuple(total // rest if d == -1 else d for d in target)


class Reshape(Layer):
    """(batch, ...) -> (batch, *target_shape); one entry of target_shape may be -1.

    Raises:
        ValueError: a target_shape with more than one -1 or an entry below -1 (at once), or one
            that the input's size does not fit (when called; a 0 entry fits only an empty input).
    """

    def __init__(self, target_shape, **kwargs):
        super().__init__(**kwargs)
        # Keras 3.15's checks and words: any iterable (a number is tuple()'s TypeError); only its int
        # entries are checked here, a str one fails when the layer is called
        target = tuple(target_shape)
        ints = [d for d in target if isinstance(d, (int, np.integer))]
        if any(d < -1 for d in ints):
            raise ValueError('Each dimension in `target_shape` must be a non-negative integer, or `-1` for a '
                             'single unknown dimension. Received: target_shape=%s.' % (target,))
        if ints.count(-1) > 1:
            raise ValueError('There must be at most one unknown dimension (-1) in `target_shape`. Received: '
                             'target_shape=%s.' % (target,))
        self.target_shape = tuple(int(d) if isinstance(d, (int, np.integer)) else d for d in target)
        self.built = True

    def call(self, inputs):
        if not inputs.shape:        # Keras 3's words: a scalar has no batch axis to keep
            raise ValueError('The total size of the tensor must be unchanged. Received: input_shape=(), '
                             'target_shape=%s' % (self.target_shape,))
        # Keras 3 resolves the target against the input's shape before its reshape op runs, so a size
        # that does not fit is its ValueError, not the kernel's
        target = _resolved_target(inputs.shape[1:], self._known_target(), 'Reshape %r' % self.name)
        if None in target:          # a non-int entry: Keras's ops.reshape takes it as a -1
            newshape = (inputs.shape[0],) + tuple(-1 if d is None else d for d in target)
            if newshape.count(-1) > 1:
                raise ValueError('There must be at most one unknown dimension (-1) in `newshape`. Received: '
                                 'newshape=%s.' % (newshape,))
            return reshape(inputs, newshape)
        return reshape(inputs, (inputs.shape[0],) + target)

    def compute_output_shape(self, input_shape):
        shape = tuple(input_shape)
        target = _resolved_target(shape[1:], self._known_target(), 'Reshape %r' % self.name)
        return (shape[0],) + tuple(None if d == -1 else d for d in target)

    def _known_target(self):
        # Keras reads an entry that is no int (Reshape('ab') builds) as unknown, and then resolves no -1
        target = self.target_shape
        if all(isinstance(d, int) for d in target):
            return target
        return tuple(d if isinstance(d, int) and d != -1 else None for d in target)

    def get_config(self):
        config = super().get_config()
        config['target_shape'] = self.target_shape
        return config


class Permute(Layer):
    """Permute the non-batch axes: ``dims`` numbers them from 1, e.g. (2, 1)
    swaps the two axes of (batch, steps, features).

    Raises:
        ValueError: dims that are not a permutation of 1..len(dims).
    """

    def __init__(self, dims, **kwargs):
        super().__init__(**kwargs)
        # Keras 3.15's checks: any iterable of the axes (an array too); a number is tuple()'s TypeError, a
        # string's letters fail the comparison below
        try:
            self.dims = tuple(dims)
        except TypeError as error:
            error.add_note('Permute %r: `dims` must be a tuple of axis numbers such as (2, 1), got %r'
                           % (self.name, dims))
            raise
        if sorted(dims) != list(range(1, len(dims) + 1)):
            error = ValueError('Invalid permutation argument `dims` for Permute Layer. The set of indices in `dims` '
                               'must be consecutive and start from 1. Received dims=%s' % (dims,))      # Keras 3's
            error.add_note('Permute %r: dims is a permutation of 1..rank' % self.name)
            raise error
        self.input_spec = InputSpec(ndim=len(self.dims) + 1)

    def call(self, inputs):
        read_shape(inputs)          # (Keras 3 reads it first: a list of inputs fails there)
        return transpose(inputs, (0,) + self.dims)

    def compute_output_shape(self, input_shape):
        return (input_shape[0],) + tuple(input_shape[d] for d in self.dims)

    def get_config(self):
        config = super().get_config()
        config['dims'] = self.dims
        return config


class RepeatVector(Layer):
    """(batch, features) -> (batch, n, features): the vector repeated n times."""

    def __init__(self, n, **kwargs):
        super().__init__(**kwargs)
        error = None        # Keras 3's texts
        if isinstance(n, bool) or not isinstance(n, int):       # a numpy integer too, as Keras 3
            error = TypeError("Expected an integer value for `n`, got <class '%s'>." % _qualified_type(n))
        elif n <= 0:
            error = ValueError('Argument `n` should be a positive integer. Received: n=%s' % (n,))
        if error is not None:
            error.add_note('RepeatVector %r: n is a positive integer' % self.name)
            raise error
        self.n = int(n)
        self.input_spec = InputSpec(ndim=2)

    def call(self, inputs):
        if type(inputs) in (list, tuple):
            # Keras 3 reshapes ops.shape(inputs)'s first two sizes to (batch, 1, features) before it repeats: the
            # tensor its ops stack a list into fails that reshape (TF 2.21's 'Input to reshape is a tensor with 8
            # values, but the requested shape has 2')
            inputs = as_one_tensor(inputs)
            shape = inputs.shape
            return tile(reshape(inputs, (shape[0], 1, shape[1])), (1, self.n, 1))
        return tile(expand_dims(inputs, 1), (1, self.n, 1))

    def compute_output_shape(self, input_shape):
        return (input_shape[0], self.n, input_shape[1])

    def get_config(self):
        config = super().get_config()
        config['n'] = self.n
        return config


_ENTRIES = ('1st', '2nd', '3rd')
# Keras 3's texts for a cropping / padding that is neither an int nor a sequence, by (argument, rank)
_EITHER_TEXTS = {
    ('cropping', 2): '`cropping` should be either an int, a tuple of 2 ints (symmetric_height_crop, '
                     'symmetric_width_crop), or a tuple of 2 tuples of 2 ints ((top_crop, bottom_crop), (left_crop, '
                     'right_crop)). Received: cropping=%s.',
    ('padding', 2): '`padding` should be either an int, a tuple of 2 ints (symmetric_height_crop, '
                    'symmetric_width_crop), or a tuple of 2 tuples of 2 ints ((top_crop, bottom_crop), (left_crop, right_crop)). Received: '
                    'padding=%s.',
    ('cropping', 3): '`cropping` should be either an int, a tuple of 3 ints (symmetric_dim1_crop, symmetric_dim2_crop, '
                     'symmetric_dim3_crop), or a tuple of 3 tuples of 2 ints ((left_dim1_crop, right_dim1_crop), '
                     '(left_dim2_crop, right_dim2_crop), (left_dim3_crop, right_dim2_crop)). Received: %s.',
    ('padding', 3): '`padding` should be either an int, a tuple of 3 ints (symmetric_dim1_pad, symmetric_dim2_pad, '
                    'symmetric_dim3_pad), or a tuple of 3 tuples of 2 ints ((left_dim1_pad, right_dim1_pad), '
                    '(left_dim2_pad, right_dim2_pad), (left_dim3_pad, right_dim2_pad)). Received: padding=%s.'}
_LENGTH_TEXTS = {2: '`%s` should have two elements. Received: %s=%s.', 3: '`%s` should have 3 elements. Received: %s.'}


def _pairs(value, count, name, who):
    """``count`` (before, after) pairs of non-negative ints from an int, ``count`` ints (symmetric) or
    ``count`` pairs (one pair for count 1), read as Keras 3's Cropping / ZeroPadding layers read them,
    with their texts (standardize_tuple's for each entry)."""
    if count == 1:
        return (standardized_tuple(value, 2, name, who, allow_zero=True),)
    if isinstance(value, (int, np.integer)) and not isinstance(value, bool):
        if value < 0 and name != 'padding':     # a negative padding goes through to the call, where TF's Pad refuses it
            error = ValueError('`%s` cannot be negative. Received: %s=%s.' % (name, name, value))     # Keras 3's
            error.add_note('%s: %s is a non-negative int or %d of them' % (who, name, count))
            raise error
        return ((int(value), int(value)),) * count
    if not hasattr(value, '__len__'):
        error = ValueError(_EITHER_TEXTS[name, count] % (value,))
        error.add_note('%s: %s is an int, %d ints or %d (before, after) pairs' % (who, name, count, count))
        raise error
    if len(value) != count:
        text = _LENGTH_TEXTS[count]
        error = ValueError(text % ((name, name, value) if count == 2 else (name, value)))
        error.add_note('%s: %s has %d entries' % (who, name, count))
        raise error
    return tuple(standardized_tuple(v, 2, '%s entry of %s' % (_ENTRIES[i], name), who, allow_zero=True)
                 for i, v in enumerate(value))


def _spatial_axes(data_format, rank, who):
    if data_format is None or standardized_data_format(data_format, who) == 'channels_last':
        return tuple(range(1, rank + 1)), 'channels_last'
    return tuple(range(2, rank + 2)), 'channels_first'


class _Resize(Layer):
    """Cropping / padding of the ``rank`` spatial axes by (before, after) pairs."""
    rank = 2
    argument = 'padding'

    def __init__(self, amounts, data_format=None, **kwargs):
        super().__init__(**kwargs)
        who = '%s %r' % (type(self).__name__, self.name)
        self.pairs = _pairs(amounts, self.rank, self.argument, who)
        self._axes, self.data_format = _spatial_axes(data_format, self.rank, who)
        self.input_spec = InputSpec(ndim=self.rank + 2)

    def _widths(self):
        widths = [(0, 0)] * (self.rank + 2)
        for axis, pair in zip(self._axes, self.pairs):
            widths[axis] = pair
        return widths

    def get_config(self):
        config = super().get_config()
        config[self.argument] = self.pairs[0] if self.rank == 1 else self.pairs
        if self.rank == 2 or self.argument == 'padding':
            config['data_format'] = self.data_format
        return config


class _ZeroPadding(_Resize):
    def call(self, inputs):
        read_shape(inputs)          # (Keras 3 reads it first: a list of inputs fails there)
        try:
            return pad(inputs, self._widths())
        except InvalidArgumentError:
            # a negative int padding (Keras takes it): Keras's ops.pad words the Pad kernel's error as its Operation
            keras_pad(inputs, self._widths())
            raise

    def compute_output_shape(self, input_shape):
        return tuple(None if d is None else d + lo + hi for d, (lo, hi) in zip(input_shape, self._widths()))


class _Cropping(_Resize):
    argument = 'cropping'

    def call(self, inputs):
        self._check(inputs.shape, 'inputs.shape')
        return inputs[tuple(slice(lo, d - hi) for d, (lo, hi) in zip(inputs.shape, self._widths()))]

    def _check(self, shape, received):
        for axis, (lo, hi) in zip(self._axes, self.pairs):
            if shape[axis] is not None and lo + hi >= shape[axis]:
                if self.rank == 1:      # Keras 3's Cropping1D text (naming what it was given: ``received``)
                    error = ValueError('`cropping` parameter of `Cropping1D` layer must be smaller than the input '
                                       'length. Received: %s=%s, cropping=%s' % (received, tuple(shape), self.pairs[0]))
                    error.add_note('Cropping1D %r: crops fewer steps than the input has' % self.name)
                    raise error
                error = ValueError('Values in `cropping` argument should be smaller than the corresponding spatial '
                                   'dimension of the input. Received: %s=%s, cropping=%s'
                                   % (received, tuple(shape), self.pairs))      # Keras 3's text
                error.add_note('%s %r: crops at least as much as the input holds along axis %d'
                               % (type(self).__name__, self.name, axis))
                raise error

    def compute_output_shape(self, input_shape):
        self._check(tuple(input_shape), 'input_shape')
        return tuple(None if d is None else d - lo - hi for d, (lo, hi) in zip(input_shape, self._widths()))


class ZeroPadding1D(_ZeroPadding):
    """Zeros before and after the steps of (batch, steps, features); ``padding``: an int or a pair."""
    rank = 1

    def __init__(self, padding=1, data_format=None, **kwargs):
        super().__init__(padding, data_format, **kwargs)


class ZeroPadding2D(_ZeroPadding):
    """Zero rows and columns around images; ``padding``: an int, (rows, cols), or
    ((top, bottom), (left, right))."""

    def __init__(self, padding=(1, 1), data_format=None, **kwargs):
        super().__init__(padding, data_format, **kwargs)


class Cropping1D(_Cropping):
    """Drop steps from the start and end of (batch, steps, features); ``cropping``: an int or a pair."""
    rank = 1

    def __init__(self, cropping=(1, 1), **kwargs):
        super().__init__(cropping, None, **kwargs)


class Cropping2D(_Cropping):
    """Crop rows and columns of images; ``cropping``: an int, (rows, cols), or
    ((top, bottom), (left, right))."""

    def __init__(self, cropping=((0, 0), (0, 0)), data_format=None, **kwargs):
        super().__init__(cropping, data_format, **kwargs)


def _qualified_type(value):
    """The module path Python's type repr gives, as under TensorFlow (EagerTensor's C type path)."""
    kind = type(value)
    if kind.__name__ == 'EagerTensor':
        return EAGER_TENSOR_PATH
    return kind.__qualname__ if kind.__module__ == 'builtins' else '%s.%s' % (kind.__module__, kind.__qualname__)
