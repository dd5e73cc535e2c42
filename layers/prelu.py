"""PReLU: a leaky ReLU whose negative slope ``alpha`` is learned per element."""
import numpy as np

from framework.ops import relu

from . import constraints, initializers, regularizers
from .input_spec import InputSpec
from .failed_build import keep_build
from .layer import Layer
from .axis_range import axis_range_error


class PReLU(Layer):
    """``max(x, 0) - alpha * max(-x, 0)`` with a trainable ``alpha``.

    ``alpha`` has the input's shape without the batch axis; ``shared_axes``
    (numbered from 1, as Keras numbers them) get size 1, so e.g.
    shared_axes=[1, 2] on images learns one slope per channel.

    Args:
        alpha_initializer: default 'Zeros' (a plain ReLU at the start).
        alpha_regularizer, alpha_constraint: for the alpha weight.
        shared_axes: an int or a list of axes sharing one alpha.
    Raises:
        ValueError: a shared axis of 0 or beyond the input's rank.
    """
    supports_masking = True

    def __init__(self, alpha_initializer='Zeros', alpha_regularizer=None, alpha_constraint=None, shared_axes=None,
                 **kwargs):
        super().__init__(**kwargs)
        self.alpha_initializer = initializers.get(alpha_initializer)
        self.alpha_regularizer = regularizers.get(alpha_regularizer)
        self.alpha_constraint = constraints.get(alpha_constraint)
        if shared_axes is None:
            self.shared_axes = None
        else:       # kept as given, as Keras 3: an axis that is no integer fails in build
            self.shared_axes = list(shared_axes) if isinstance(shared_axes, (list, tuple)) else [shared_axes]
        self.alpha = None

    def build(self, input_shape):
        shape = list(input_shape[1:])
        for axis in self.shared_axes or ():
            # Keras 3 sets param_shape[axis - 1] = 1: axis 0 shares the last axis, as Python's index -1
            if isinstance(axis, (int, np.integer)) and not -len(shape) <= axis - 1 < len(shape):
                raise axis_range_error('PReLU %r: shared_axes %s must lie in %d..%d for inputs of shape %s'
                                       % (self.name, self.shared_axes, 1 - len(shape), len(shape),
                                          tuple(input_shape)), 'list assignment index out of range')
            # (Keras's statement: an axis of another type fails here in Python's words, as on TF 2.21:
            # "unsupported operand type(s) for -: 'str' and 'int'", 'list indices must be integers or slices, ...')
            shape[axis - 1] = 1
        try:        # an unknown non-shared axis: add_weight's 'Shapes used to initialize variables must be ...'
            self.alpha = self.add_weight(shape=shape, name='alpha', initializer=self.alpha_initializer,
                                         regularizer=self.alpha_regularizer, constraint=self.alpha_constraint)
        except ValueError as error:
            if any(d is None for d in shape):
                error.add_note('PReLU %r: every non-shared axis must be known to build, got shape %s; share the '
                               'unknown axes (shared_axes)' % (self.name, tuple(input_shape)))
            raise
        # Keras 3 pins the axes' sizes only with shared_axes: without, a call of another width fails in
        # the product with alpha (Mul's 'Incompatible shapes: [3] vs. [2,4]', as on TF 2.21)
        axes = {i: input_shape[i] for i in range(1, len(input_shape)) if i not in self.shared_axes} \
            if self.shared_axes else {}
        self.input_spec = InputSpec(ndim=len(input_shape), axes=axes)
        self.built = True

    def call(self, inputs):
        # Keras's order, pos + (-alpha) * relu(-x): alpha's gradient is then -(sum of g * relu(-x)), -0. where
        # no input is negative, as TF 2.21 prints it (sum(-g * relu(-x)) gave 0.)
        try:
            return relu(inputs) + -self.alpha * relu(-inputs)
        except Exception as error:      # Keras's ops refuse a dtype in call, after the build: the layer stays built
            raise keep_build(error)

    def compute_output_shape(self, input_shape):
        return input_shape

    def get_config(self):
        config = super().get_config()
        config.update({
            'alpha_initializer': initializers.serialize(self.alpha_initializer),
            'alpha_regularizer': regularizers.serialize(self.alpha_regularizer),
            'alpha_constraint': constraints.serialize(self.alpha_constraint),
            'shared_axes': self.shared_axes,
        })
        return config
