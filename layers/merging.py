"""Merge layers: combine a list of tensors elementwise (Add, Subtract,
Multiply, Average, Maximum, Minimum) or by concatenation (Concatenate),
and Keras's function forms (``add([a, b])`` is ``Add()([a, b])``).

Inputs of different dtypes meet in their common Keras 3 dtype, as Keras's
merge layers run ``keras.ops`` (an int64 one-hot lookup concatenated with
float32 features is float32), where TensorFlow's own ops would refuse."""
import numpy as np

from framework import ops
from framework.errors import noted
from framework.keras.ops_dtypes import cast_all
from framework.tensor import Tensor, convert_to_tensor

from .layer import Layer
from .merge_masks import concatenate_compute_mask, elementwise_compute_mask, mark_not_propagating
from .normalized_sums import regrouped_sum


def _check_list(layer, inputs, least=1):
    if not isinstance(inputs, (list, tuple)) or len(inputs) < least:
        raise ValueError('%s %r: a merge layer should be called on a list of at least %d input(s); received %s'
                         % (type(layer).__name__, layer.name, least, _describe(inputs)))


def refuse_no_shapes(layer, shapes, reads='subscript'):
    """Python's TypeError where Keras 3's merge builds read a None input_shape (a call on an empty list or
    tuple holds no tensor argument, so Keras builds with None): ``input_shape[0]`` in the elementwise merges'
    and Dot's builds, ``len(input_shape)`` in Concatenate's."""
    if shapes is not None:
        return
    error = TypeError("object of type 'NoneType' has no len()" if reads == 'len'
                      else "'NoneType' object is not subscriptable")
    error.add_note('%s %r: called on an empty list; call it on a list of tensors' % (type(layer).__name__, layer.name))
    raise error


def _check_shapes(layer, shapes, least=1):
    """``build``'s check: a list of shapes, not the shape of one tensor."""
    refuse_no_shapes(layer, shapes)
    if isinstance(shapes, (list, tuple)) and shapes and not isinstance(shapes[0], (list, tuple)):
        error = ValueError('A merge layer should be called on a list of inputs. Received: input_shape=%s '
                           '(not a list of shapes)' % (shapes,))       # Keras 3's base merge build: as given
        error.add_note('%s %r: call it on a list of at least %d tensors' % (type(layer).__name__, layer.name, least))
        raise error
    if not isinstance(shapes, (list, tuple)) or len(shapes) < least or \
            not all(s is None or isinstance(s, (list, tuple)) for s in shapes):
        raise ValueError('%s %r: a merge layer should be called on a list of at least %d input(s); received input '
                         'shape %s' % (type(layer).__name__, layer.name, least, shapes))


def _describe(inputs):
    if isinstance(inputs, (list, tuple)):
        return 'a list of %d' % len(inputs)
    return 'a %s of shape %s' % (type(inputs).__name__, tuple(getattr(inputs, 'shape', ())))


def _broadcast_shape(layer, shapes):
    """The shape (after the batch axis) that elementwise merging gives, as Keras
    computes it: ranks aligned on the right, 1 broadcasting, None unknown."""
    out = None
    for shape in shapes:
        shape = shape[1:]       # as given: Keras's error shows a list built by hand with lists as a list
        if out is None:
            out = shape
            continue
        long, short = (out, shape) if len(out) >= len(shape) else (shape, out)
        merged = list(long[:len(long) - len(short)])
        for i, j in zip(long[len(long) - len(short):], short):
            if i is not None and j is not None and i != 1 and j != 1 and i != j:
                # Keras 3's words (the shapes after the batch axis it was merging); the layer in a note
                error = ValueError('Inputs have incompatible shapes. Received shapes %s and %s' % (long, short))
                error.add_note('%s %r: the inputs have shapes %s' % (type(layer).__name__, layer.name,
                                                                     [tuple(s) for s in shapes]))
                raise error
            merged.append(None if i is None or j is None else (j if i == 1 else i))
        out = tuple(merged)
    return tuple(out)


class _Merge(Layer):
    """Elementwise merging; inputs of lower rank get size-1 axes after the batch axis."""
    least_inputs = 1

    def __init__(self, **kwargs):
        super().__init__(**kwargs)

    def build(self, input_shape):
        _check_shapes(self, input_shape, self.least_inputs)
        # a None input (layer([x, None])) has no shape: Keras 3's build passes over it, its call refuses it
        input_shape = [s for s in input_shape if s is not None]
        batches = {s[0] for s in input_shape if len(s)} - {None}
        if len(batches) > 1:
            raise ValueError('Cannot merge tensors with different batch sizes. Received tensors with shapes %s'
                             % ([tuple(s) for s in input_shape],))      # Keras 3's text
        _broadcast_shape(self, input_shape)
        self.built = True

    def call(self, inputs):
        _check_list(self, inputs, self.least_inputs)
        # TF 2.21's words for a None input ('Attempt to convert a value (None) ...'), as Keras's ops convert
        inputs = [x if isinstance(x, Tensor) else convert_to_tensor(x) for x in inputs]
        rank = max(x.ndim for x in inputs)
        aligned = []
        for x in inputs:
            for _ in range(rank - x.ndim):
                x = ops.expand_dims(x, 1)
            aligned.append(x)
        return self._merge(cast_all(aligned, type(self).__name__))

    @mark_not_propagating
    def compute_mask(self, inputs, mask=None):
        return elementwise_compute_mask(inputs, mask)

    def compute_output_shape(self, input_shape):
        batches = {s[0] for s in input_shape} - {None}
        batch = batches.pop() if len(batches) == 1 else None
        return (batch,) + _broadcast_shape(self, input_shape)

    def get_config(self):
        # Keras 3's Merge writes one (super()'s), so it has no automatic config: Add(dtype='float32') is
        # {'name', 'trainable', 'dtype'} in that order on TF 2.21, not the constructor's keywords first
        return super().get_config()


# Keras 3's merging layers share their base's constructor: Add(2) is "Merge.__init__() takes 1 positional
# argument but 2 were given" (TF 2.21), which framework/own_init_names.py leaves shared
_Merge.__init__.__qualname__ = 'Merge.__init__'
_Merge.__init__.shared_as_in_keras = True


class Add(_Merge):
    """The sum of the inputs."""

    def _merge(self, inputs):
        regrouped = regrouped_sum(inputs)       # two BatchNormalization outputs in a static trace
        if regrouped is not None:
            return regrouped
        # (a Dense output plus another tensor in a static trace: the add takes TF's fused kernel's value,
        # framework/ops/fused_residual_add.py)
        out = inputs[0]
        for x in inputs[1:]:
            out = out + x
        return out


class Subtract(_Merge):
    """inputs[0] - inputs[1] (exactly two inputs)."""
    least_inputs = 1        # one input reaches Subtract's own check, as in Keras 3

    def build(self, input_shape):
        super().build(input_shape)
        _check_two(self, input_shape)

    def _merge(self, inputs):
        _check_two(self, [tuple(x.shape) for x in inputs])
        return inputs[0] - inputs[1]


def _check_two(layer, input_shapes):
    if len(input_shapes) != 2:
        raise noted(ValueError('A `Subtract` layer should be called on exactly 2 inputs. Received: input_shape=%s'
                               % [tuple(shape) for shape in input_shapes]), 'layer %r' % layer.name)


class Multiply(_Merge):
    """The elementwise product of the inputs."""

    def _merge(self, inputs):
        out = inputs[0]
        for x in inputs[1:]:
            out = out * x
        return out


class Average(_Merge):
    """The mean of the inputs."""

    def _merge(self, inputs):
        out = regrouped_sum(inputs)     # Keras sums with Add ops first: grappler regroups them as Add's
        if out is None:
            out = inputs[0]
            for x in inputs[1:]:
                out = out + x
        return out / len(inputs)        # integer sums divide as TensorFlow's truediv (int32 -> float64)


class Maximum(_Merge):
    """The elementwise maximum of the inputs."""

    def _merge(self, inputs):
        out = inputs[0]
        for x in inputs[1:]:
            out = ops.maximum(out, x)
        return out


class Minimum(_Merge):
    """The elementwise minimum of the inputs."""

    def _merge(self, inputs):
        out = inputs[0]
        for x in inputs[1:]:
            out = ops.minimum(out, x)
        return out


class Concatenate(Layer):
    """Join the inputs along ``axis`` (default -1); the other axes must match."""

    def __init__(self, axis=-1, **kwargs):
        super().__init__(**kwargs)
        # Keras 3 keeps any axis until build, where axis % rank and a list index refuse what is no int
        self.axis = int(axis) if isinstance(axis, (int, np.integer)) and not isinstance(axis, bool) else axis

    def build(self, input_shape):
        refuse_no_shapes(self, input_shape, reads='len')
        if not isinstance(input_shape, (list, tuple)) or not input_shape \
                or not isinstance(input_shape[0], (list, tuple)):
            error = ValueError('A `Concatenate` layer should be called on a list of at least 1 input. Received: '
                               'input_shape=%s' % (input_shape,))     # Keras 3's build
            error.add_note('Concatenate %r: call it on a list of tensors' % self.name)
            raise error      # (before the axis is read, as Keras 3's build)
        if not isinstance(self.axis, int):
            raise _axis_type_error(self.axis, len(input_shape[0]), self.name)
        _check_shapes(self, input_shape)
        if None in input_shape:
            # Keras 3's build copies each shape with list(shape): a None input (layer([x, None])) fails there
            error = TypeError("'NoneType' object is not iterable")
            error.add_note('Concatenate %r: input %d is None; pass tensors only'
                           % (self.name, input_shape.index(None)))
            raise error
        if any(-len(s) > self.axis for s in input_shape):
            # Keras 3's build drops the axis from each shape with `del shape[axis]`, which a negative axis
            # beyond the rank fails in Python's words (a positive one beyond it is skipped there)
            raise IndexError('list assignment index out of range')
        ranks = {len(s) for s in input_shape}
        rank = ranks.pop()
        if ranks:
            reduced = set(_keras_reduced_shapes(input_shape, self.axis))
            if len({len(s) for s in reduced}) > 1 or any(
                    len({s[d] for s in reduced} - {None}) > 1 for d in range(len(next(iter(reduced))))):
                error = ValueError('A `Concatenate` layer requires inputs with matching shapes except for the '
                                   'concatenation axis. Received: input_shape=%s' % [tuple(s) for s in input_shape])
                error.add_note('Concatenate %r: the inputs have different ranks' % self.name)
                raise error
            self._refuse_ranks(input_shape)
        if not -rank <= self.axis < rank:
            # Keras 3's build removes no axis then, so it compares whole shapes: ones that differ are its
            # ValueError (TF 2.21: Concatenate(axis=3) of (None, 3, 2) and (None, 3, 3)); equal ones pass, and
            # called on tensors the concat op raises TensorFlow's InvalidArgumentError (the pandas tutorial's
            # Concatenate(axis=1) of 1-D columns)
            if any(len({s[d] for s in input_shape} - {None}) > 1 for d in range(rank)):
                error = ValueError('A `Concatenate` layer requires inputs with matching shapes except for the '
                                   'concatenation axis. Received: input_shape=%s' % [tuple(s) for s in input_shape])
                error.add_note('Concatenate %r: axis %d is beyond the inputs\' rank %d' % (self.name, self.axis, rank))
                raise error
            self.built = True
            return
        axis = self.axis % rank
        for d in range(rank):
            sizes = {s[d] for s in input_shape} - {None}
            if d != axis and len(sizes) > 1:
                error = ValueError('A `Concatenate` layer requires inputs with matching shapes except for the '
                                   'concatenation axis. Received: input_shape=%s' % [tuple(s) for s in input_shape])
                error.add_note('Concatenate %r: axis %d differs; only axis %d may' % (self.name, d, axis))
                raise error
        self.built = True

    def call(self, inputs):
        _check_list(self, inputs)
        return ops.concat(cast_all(inputs, 'Concatenate'), self.axis)

    @mark_not_propagating
    def compute_mask(self, inputs, mask=None):
        return concatenate_compute_mask(inputs, mask, self.axis)

    def _refuse_ranks(self, input_shape):
        raise ValueError('Concatenate %r: inputs must share one rank that has axis %d; received shapes %s'
                         % (self.name, self.axis, [tuple(s) for s in input_shape]))

    def compute_output_shape(self, input_shape):
        rank = len(input_shape[0])
        if not -rank <= self.axis < rank:
            if len(input_shape) > 1:    # Keras 3 reads the first shape's axis, as a list, to add the others'
                raise IndexError('list index out of range')
            return tuple(input_shape[0])       # a lone shape: Keras adds nothing to it, reads no axis
        out = list(input_shape[0])
        sizes = [s[self.axis] for s in input_shape]
        out[self.axis] = None if None in sizes else sum(sizes)
        return tuple(out)

    def get_config(self):
        config = super().get_config()
        config['axis'] = self.axis
        return config


def _keras_reduced_shapes(input_shape, axis):
    """The shapes Keras 3's Concatenate.build compares: each without ``axis`` where it has one (its
    loop meant to drop axes of size 1 runs over the shapes, not their axes, so it drops none)."""
    reduced = []
    for shape in input_shape:
        dims = list(shape)
        if len(dims) > axis:
            del dims[axis]
        reduced.append(tuple(dims))
    return reduced


def add(inputs, **kwargs):
    """``Add(**kwargs)(inputs)``."""
    return Add(**kwargs)(inputs)


def subtract(inputs, **kwargs):
    """``Subtract(**kwargs)(inputs)``."""
    return Subtract(**kwargs)(inputs)


def multiply(inputs, **kwargs):
    """``Multiply(**kwargs)(inputs)``."""
    return Multiply(**kwargs)(inputs)


def average(inputs, **kwargs):
    """``Average(**kwargs)(inputs)``."""
    return Average(**kwargs)(inputs)


def maximum(inputs, **kwargs):
    """``Maximum(**kwargs)(inputs)``."""
    return Maximum(**kwargs)(inputs)


def minimum(inputs, **kwargs):
    """``Minimum(**kwargs)(inputs)``."""
    return Minimum(**kwargs)(inputs)


def concatenate(inputs, axis=-1, **kwargs):
    """``Concatenate(axis=axis, **kwargs)(inputs)``."""
    return Concatenate(axis=axis, **kwargs)(inputs)


def _axis_type_error(axis, rank, name):
    """Python's own TypeError where Keras 3's Concatenate.build computes ``axis % rank`` and indexes a
    shape list with it (a list axis is Keras's TrackedList there)."""
    try:
        ([None] * rank)[axis % rank]
    except TypeError as error:
        text = str(error).replace("'list'", "'TrackedList'", 1) if isinstance(axis, list) else str(error)
    else:
        text = 'Concatenate: axis must be an integer, got %r' % (axis,)
    error = TypeError(text)
    error.add_note('Concatenate %r: axis must be an integer, got %r (of type %s)' % (name, axis, type(axis).__name__))
    return error
