"""``from_config`` of the layers Keras 3 can quantize (Dense, EinsumDense, Embedding and its
subclasses): Keras deserializes the config's ``quantization_config`` into the config before
``cls(**config)``, so the entry is there (None when the config had none) in what the layer is given
and in the TypeError that names the config when construction fails:
"Error when deserializing class 'Dense' using config={'units': 'a', 'quantization_config': None}."
tapeflow quantizes nothing, so the entry is passed on as it is; the constructors refuse anything but None."""


class QuantizationConfigEntry:
    """Mixin: Keras 3's ``from_config`` of a quantizable layer."""

    @classmethod
    def from_config(cls, config):
        config = dict(config)
        config['quantization_config'] = config.get('quantization_config')      # (kept in place when present)
        return super().from_config(config)
