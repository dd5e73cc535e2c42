"""What Dense and the convolutions share: an activation, an optional bias, and the
kernel's and bias's initializers, regularizers and constraints (Keras 3's names)."""
from . import activations, constraints, initializers, regularizers
from .read_only_weights import store


class _Unbuilt:
    """A class attribute standing for a weight until ``build`` sets the layer's own, which then wins (a
    non-data descriptor: a built layer reads its kernel at plain attribute speed). Read before, it raises
    Keras 3's AttributeError: its Dense and convolutions guard ``kernel`` ('You must build the layer
    before accessing `kernel`.'), ``bias`` is simply not there yet."""

    def __init__(self, name, guarded):
        self._name, self._guarded = name, guarded

    def __get__(self, layer, owner=None):
        if layer is None:
            return self
        if self._guarded:
            raise AttributeError('You must build the layer before accessing `%s`.' % self._name)
        raise AttributeError('%r object has no attribute %r' % (type(layer).__name__, self._name))


class KernelOptions:
    """Mixin of layers with a kernel and an optional bias."""

    kernel = _Unbuilt('kernel', guarded=True)
    bias = _Unbuilt('bias', guarded=False)

    def _set_kernel_options(self, activation, use_bias, kernel_initializer, bias_initializer,
                            kernel_regularizer, bias_regularizer, kernel_constraint, bias_constraint):
        self.activation = activations.get(activation)
        self.use_bias = bool(use_bias)
        self.kernel_initializer = initializers.get(kernel_initializer)
        self.bias_initializer = initializers.get(bias_initializer)
        self.kernel_regularizer = regularizers.get(kernel_regularizer)
        self.bias_regularizer = regularizers.get(bias_regularizer)
        self.kernel_constraint = constraints.get(kernel_constraint)
        self.bias_constraint = constraints.get(bias_constraint)

    def _add_kernel_and_bias(self, kernel_shape, units):
        store(self, 'kernel', self.add_weight(name='kernel', shape=kernel_shape, initializer=self.kernel_initializer,
                                              regularizer=self.kernel_regularizer, constraint=self.kernel_constraint))
        if self.use_bias:
            self.bias = self.add_weight(name='bias', shape=(units,), initializer=self.bias_initializer,
                                        regularizer=self.bias_regularizer, constraint=self.bias_constraint)
        else:
            self.bias = None

    def _kernel_options_config(self, with_activity_regularizer=False):
        """The options in Keras 3's config order (convolutions also list the activity regularizer)."""
        config = {
            'activation': activations.serialize(self.activation),
            'use_bias': self.use_bias,
            'kernel_initializer': initializers.serialize(self.kernel_initializer),
            'bias_initializer': initializers.serialize(self.bias_initializer),
            'kernel_regularizer': regularizers.serialize(self.kernel_regularizer),
            'bias_regularizer': regularizers.serialize(self.bias_regularizer),
        }
        if with_activity_regularizer:
            config['activity_regularizer'] = regularizers.serialize(self.activity_regularizer)
        config['kernel_constraint'] = constraints.serialize(self.kernel_constraint)
        config['bias_constraint'] = constraints.serialize(self.bias_constraint)
        return config
