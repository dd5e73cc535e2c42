"""A layer's config, as Keras 3 writes and reads it: ``get_config`` / ``from_config`` (constructor
arguments, no weights) and ``get_build_config`` / ``build_from_config`` (the input shapes a loaded layer
builds from).
"""
from . import auto_config, build_shapes, regularizers
from .keras_build_config import keras_writes_build_config
from .policy_sharing import policy_config


class LayerConfig:
    """The config methods of Layer (a base class of it)."""

    def get_config(self):
        """The constructor arguments that recreate this layer (without weights).

        A subclass that does not write its own gets Keras 3's automatic config: the
        arguments it was made with (see ``auto_config``).
        """
        config = auto_config.automatic_config(self) if type(self).get_config is LayerConfig.get_config \
            else {'name': self.name}
        config.update(trainable=self.trainable, dtype=policy_config(self))
        if self.activity_regularizer is not None:
            config['activity_regularizer'] = regularizers.serialize(self.activity_regularizer)
        return config

    @classmethod
    def from_config(cls, config):
        """``cls(**config)``; any error becomes Keras 3's TypeError naming the class and the config
        (its ``Operation.from_config``), the original left as its context: Keras raises it without ``from``, so
        tracebacks print "During handling of the above exception" between them."""
        dtype = config.get('dtype')
        if isinstance(dtype, dict) and dtype.get('class_name') in ('DTypePolicy', 'FloatDTypePolicy'):
            config = dict(config, dtype=dtype['config']['name'])    # Keras passes a plain policy by name
        try:
            return cls(**config)
        except Exception as err:        # noqa: BLE001 -- Keras wraps every error here
            raise TypeError("Error when deserializing class '%s' using config=%s.\n\nException encountered: %s"
                            % (cls.__name__, config, err))

    def get_build_config(self):
        shapes = self.__dict__.get('_build_shapes_dict')
        if shapes is not None:      # (one shape: Keras 3 gives it as input_shape)
            return {'shapes_dict': shapes} if len(shapes) != 1 else {'input_shape': next(iter(shapes.values()))}
        if self._build_input_shape is None or not keras_writes_build_config(type(self)):
            return None     # (Keras 3 builds Dropout, Softmax, Masking, ... when made: no shape recorded)
        return {'input_shape': self._build_input_shape}

    def build_from_config(self, config):
        """Build from a ``get_build_config()`` dict, as Keras 3 does when loading: ``build(input_shape)``,
        or ``build(**shapes_dict)``; an empty config builds nothing. A layer whose build needs more
        overrides both methods (its override may call this one)."""
        if not config:
            return
        if config.get('input_shape') is not None:
            build_shapes.build_from_saved_shape(self, config['input_shape'])    # the shape as given: [None, 5]
        elif 'shapes_dict' in config:
            self.build(**config['shapes_dict'])
            if build_shapes.shape_names(type(self)):
                self.__dict__['_build_shapes_dict'] = dict(config['shapes_dict'])
