"""Wrapper (Keras 3): the base of layers that hold another layer and change how it runs."""
from . import call_context
from .layer import Layer
from .serialization import deserialize, serialize


class Wrapper(Layer):
    """Holds ``layer`` (its weights are this layer's too), builds it on first use,
    and saves it under 'layer' in the config. Subclasses (SpectralNormalization)
    change ``call``; on its own a Wrapper runs the wrapped layer unchanged. As Keras 3's, it has no
    compute_output_shape: a subclass's symbolic call runs its own ``call`` unless it writes one.

    Raises:
        ValueError: ``layer`` is not a Layer.
    """

    def __init__(self, layer, **kwargs):
        if not isinstance(layer, Layer):
            # Keras 3's words (the value printed with str); which layer refused it, in a note
            error = ValueError("Layer %s supplied to Wrapper isn't a supported layer type. Please ensure wrapped "
                               'layer is a valid Keras layer.' % (layer,))
            error.add_note('%s: wrap a Layer instance, got %r' % (type(self).__name__, layer))
            raise error
        super().__init__(**kwargs)
        self.layer = layer

    def build(self, input_shape=None):
        if not self.layer.built:
            with call_context.scope(self):          # the wrapped weights are named under this layer
                self.layer._build_from_shape(input_shape)
        self.built = True

    def call(self, inputs, *args, **kwargs):
        return self.layer(inputs, *args, **kwargs)

    def get_config(self):
        config = super().get_config()
        config['layer'] = serialize(self.layer)
        return config

    @classmethod
    def from_config(cls, config, custom_objects=None):
        # Keras 3 pops 'layer' from the config it is given (a printed config lacks it afterwards, as in TF 2.21)
        layer = deserialize(config.pop('layer'), custom_objects)
        return cls(layer, **config)
