"""``keras.layers.Pipeline``: preprocessing layers applied one after another, as one layer."""
from ..call_inputs import accepts_training
from ..layer import Layer
from ..mask_propagation import takes_mask


class Pipeline(Layer):
    """Apply ``layers`` in order, passing ``training`` (and ``mask``) to those whose call takes it
    (Keras 3's image augmentations default to training=True, so a direct call augments).

    Raises:
        ValueError: from_config without a list of serialized layers, in Keras's words.
    """
    keras_converts_inputs = False     # Keras 3's _convert_input_args (see functional/keras_filled_arguments)
    keras_walked_properties = ('layers',)      # so files hold 'layers/random_flip', as Keras's

    def __init__(self, layers, name=None):
        super().__init__(name=name)
        self._pipeline_layers = list(layers)

    @property
    def layers(self):
        return self._pipeline_layers

    def build(self, input_shape):
        # Keras builds the layers in its symbolic run of call, each on the shape the one before
        # gives (batch None): their build_config in files says so
        if input_shape is None:     # called on an array or a list (Keras 3 sees no tensor): each layer builds in call
            return
        shape = tuple(input_shape)
        for layer in self._pipeline_layers:
            if not layer.built:
                layer._build_from_shape(shape)
            shape = tuple(layer.compute_output_shape(shape))

    def call(self, inputs, training=True, mask=None):
        outputs = inputs
        for layer in self._pipeline_layers:
            kwargs = {}
            if mask is not None and takes_mask(type(layer)):
                kwargs['mask'] = mask
            if training is not None and accepts_training(type(layer)):
                kwargs['training'] = training
            outputs = layer(outputs, **kwargs)
            mask = None         # the next layers read the mask the outputs carry, as Keras passes it on
        return outputs

    def compute_output_shape(self, input_shape):
        for layer in self._pipeline_layers:
            input_shape = layer.compute_output_shape(input_shape)
        return input_shape

    def get_config(self):
        from ..serialization import serialize
        return {'layers': [serialize(layer) for layer in self._pipeline_layers], 'name': self.name}

    @classmethod
    def from_config(cls, config):
        from ..serialization import deserialize
        layers = config.get('layers')
        if not isinstance(layers, (list, tuple)):
            raise ValueError('`Pipeline` config must contain a `layers` key mapping to a list of serialized layers. '
                             'Received config with layers=%s.' % (layers,))
        return cls(**dict(config, layers=[deserialize(layer) for layer in layers]))
