"""Model: a Layer that trains itself (compile / fit / evaluate / predict), as in Keras 3.

Subclass it and write ``call`` (with sublayers as attributes), or use
``Sequential``. The training API lives in ``training.trainer.Trainer`` and
``training.loops.TrainingLoops``; this file only joins it to ``Layer``.
"""
from . import saving
from .layer import Layer
from .training.trainer import Trainer


class Model(Trainer, Layer):
    """A layer with a training API.

    Example::

        class TwoLayers(Model):
            def __init__(self):
                super().__init__()
                self.hidden = Dense(30, activation='elu')
                self.out = Dense(1)

            def call(self, inputs, training=None):
                return self.out(self.hidden(inputs))

        model = TwoLayers()
        model.compile(optimizer='adam', loss='mse', metrics=['mae'])
        history = model.fit(x, y, epochs=5, validation_split=0.2)

    Args:
        name, trainable, dtype: as for ``Layer``.
    Raises:
        TypeError: for ``Model(inputs, outputs)``: the functional API is not
            available; use ``Sequential`` or subclass ``Model``.
    """

    def __init__(self, *args, **kwargs):
        if args or 'inputs' in kwargs or 'outputs' in kwargs:
            raise TypeError('Model(inputs, outputs): the functional API is not available in tapeflow; '
                            'build the model with Sequential([...]) or subclass Model and write call()')
        super().__init__(**kwargs)

    def call(self, inputs, training=None):
        raise TypeError('%s must implement call(inputs, training=None): a Model subclass computes its '
                        'outputs there from its sublayers' % type(self).__name__)

    # ---- saving (see layers.saving) ----------------------------------------------------
    def save_weights(self, filepath, overwrite=True):
        """Write the weights (and optimizer state) to a '.weights.h5' file, Keras 3's layout."""
        saving.save_weights(self, filepath, overwrite=overwrite)

    def load_weights(self, filepath, skip_mismatch=False, by_name=False):
        """Load weights from a '.weights.h5', '.keras' or Keras 2 '.h5' file (all or nothing)."""
        saving.load_weights(self, filepath, skip_mismatch=skip_mismatch, by_name=by_name)

    def save(self, filepath, overwrite=True, include_optimizer=True):
        """Save the whole model to a '.keras' archive or a '.h5' file (see ``layers.saving.load_model``)."""
        saving.save_model(self, filepath, overwrite=overwrite, include_optimizer=include_optimizer)
