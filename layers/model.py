"""Model: a Layer that trains itself (compile / fit / evaluate / predict), as in Keras 3.

Subclass it and write ``call`` (with sublayers as attributes), or use
``Sequential``. The training API lives in ``training.trainer.Trainer`` and
``training.loops.TrainingLoops``; this file only joins it to ``Layer``.
"""
from framework import distribute

from . import saving, tracking
from .layer import Layer
from .quantize_refusal import refuse_quantize
from .training import state_tree
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

    ``Model(inputs, outputs)`` makes a functional model instead (see
    ``functional.functional_model.Functional``); so does a subclass whose
    ``__init__`` calls ``super().__init__(inputs=..., outputs=...)``, as Keras 3
    allows: its instances are then Functional models as well as its own class.

    Args:
        name, trainable, dtype: as for ``Layer``.
    """

    def __new__(cls, *args, **kwargs):
        if cls is Model and _functional_arguments(args, kwargs):
            from .functional.functional_model import Functional     # it imports this module
            model = super().__new__(Functional)
        else:
            model = super().__new__(cls)
        # Keras 3's TF trainer ties a model to the strategy in scope when it is made (see fit's
        # distributed datasets in training/iterable_data.py).
        if distribute.has_strategy():
            model.__dict__['_distribute_strategy'] = distribute.get_strategy()
        return model

    def __init__(self, *args, **kwargs):
        if _functional_arguments(args, kwargs):
            # A subclass that builds its graph in __init__ (Keras 3 allows it): the instance
            # becomes a Functional too, its own methods still first.
            from .functional.functional_model import Functional     # it imports this module
            if not isinstance(self, Functional):
                _inject_functional_base(type(self))
            Functional.__init__(self, *args, **kwargs)
            return
        super().__init__(*args, **kwargs)     # other positional arguments: Python's TypeError, as Keras

    def __reduce__(self):
        """pickle / copy.deepcopy rebuild the model from its .keras archive, as Keras 3 does
        (saving/model_pickle.py)."""
        from .saving.model_pickle import reduce_model
        return reduce_model(self)

    @property
    def layers(self):
        """The direct sublayers, in the order they were added (Keras 3's tracker order). Only a model
        has them: a plain layer may keep its own ``self.layers``, as Keras 3 lets it."""
        return tracking.direct_sublayers(self)

    @layers.setter
    def layers(self, _):
        raise AttributeError('`Model.layers` attribute is reserved and should not be used. Please use another name.')

    @classmethod
    def from_config(cls, config, custom_objects=None):
        if cls is Model and 'input_layers' in config:        # a functional model saved as 'Model' (Keras 2)
            from .functional.functional_model import Functional
            return Functional.from_config(config, custom_objects)
        from .functional.functional_model import GRAPH_KEYS, takes_a_graph
        if all(key in config for key in GRAPH_KEYS) and takes_a_graph(cls, revive=True):
            # Keras 3: a subclass whose constructor takes inputs and outputs is rebuilt from its graph
            from .functional.config import rebuild
            return rebuild(cls, config, custom_objects)
        try:            # Keras 3's Model.from_config: the whole config to the constructor, and its words
            return cls(**config)
        except TypeError as err:
            if isinstance(err, ValueError):      # Model's own unknown-keyword error is Keras's ValueError: not wrapped
                raise
            raise TypeError('Unable to revive model from config. When overriding the `get_config()` method, make sure '
                            'that the returned config contains all items used as arguments in the  constructor to '
                            '%s, which is the default behavior. You can override this default behavior by defining '
                            'a `from_config(cls, config)` class method to specify how to create an instance of %s '
                            'from its config.\n\nReceived config=%s\n\nError encountered during deserialization: %s'
                            % (cls, cls.__name__, config, err))   # raised while handling err, as Keras: its
                                                                    # traceback says 'During handling of ...'

    def get_layer(self, name=None, index=None):
        """The layer called ``name``, or at position ``index`` of ``layers``.

        Raises:
            ValueError: no such layer (listing the names), or neither or both given.
        """
        layers = self.layers
        if name is not None and index is not None:       # Keras 3's words, both cases
            raise ValueError('Provide only a layer name or a layer index. Received: index=%s, name=%s.' % (index, name))
        if name is None and index is None:
            raise ValueError('Provide either a layer name or layer index at `get_layer`.')
        if index is not None:
            if not -len(layers) <= index < len(layers):
                raise ValueError('Was asked to retrieve layer at index %d but model only has %d layers.'
                                 % (index, len(layers)))      # Keras 3's words
            return layers[index]
        for layer in layers:
            if layer.name == name:
                return layer
        raise ValueError('No such layer: %s. Existing layers are: %s.' % (name, [layer.name for layer in layers]))

    def summary(self, line_length=None, positions=None, print_fn=None, expand_nested=False,
                show_trainable=False, layer_range=None):
        """Print the table of the model's layers, output shapes and parameter counts (see ``summary``)."""
        from .summary import print_summary
        print_summary(self, line_length, positions, print_fn, expand_nested, show_trainable, layer_range)

    def call(self, *args, **kwargs):        # (Keras 3's signature: its "Arguments received" block shows args=, kwargs=)
        error = NotImplementedError('Model %s does not have a `call()` method implemented.' % type(self).__name__)
        error.add_note('%s must implement call(inputs, training=None): a Model subclass computes its outputs there '
                       'from its sublayers' % type(self).__name__)
        raise error         # Keras 3's class and words

    def quantize(self, mode=None, config=None, filters=None, **kwargs):
        """Keras 3's checks (mode, built, keywords), then a refusal: tapeflow quantizes no layer."""
        kwargs.pop('type_check', None)
        refuse_quantize(self, mode, config, extra_keywords=kwargs)

    # ---- the state tree (see training.state_tree) ------------------------------------------
    def get_state_tree(self, value_format='backend_tensor'):
        """The model's trainable, non-trainable, optimizer and metrics variables as nested dicts keyed by
        their paths' parts (Keras 3); ``value_format='numpy_array'`` gives numpy values."""
        return state_tree.get_state_tree(self, value_format)

    def set_state_tree(self, state_tree_values):
        """Assign the values of a state tree (as ``get_state_tree`` gives, maybe partial) by path."""
        state_tree.set_state_tree(self, state_tree_values)

    def build_from_config(self, config):
        """Keras 3's Model.build_from_config: ``build(input_shape)`` (or ``build(**shapes_dict)``) for a model
        with a build of its own, else a run of ``call`` on the saved shapes; a failure of either is only
        warned about (UserWarning), the model left unbuilt. (Loading builds through structured_build.)"""
        from .saving.structured_build import build_model_from_config
        build_model_from_config(self, config)

    # ---- saving (see layers.saving) ----------------------------------------------------
    def save_weights(self, filepath, overwrite=True, max_shard_size=None):
        """Write the weights (and optimizer state) to a '.weights.h5' file, Keras 3's layout (or, with
        ``max_shard_size`` in GB, Keras 3's sharded '.weights.json' and its shards)."""
        saving.save_weights(self, filepath, overwrite=overwrite, max_shard_size=max_shard_size)

    def load_weights(self, filepath, skip_mismatch=False, by_name=None, **kwargs):
        """Load weights from a '.weights.h5', '.weights.json' (sharded), '.keras' or Keras 2 '.h5' file
        (all or nothing)."""
        if kwargs:          # Keras 3's class and words (Python's TypeError would name no model)
            raise ValueError('Invalid keyword arguments: %s' % (kwargs,))
        saving.load_weights(self, filepath, skip_mismatch=skip_mismatch, by_name=by_name)

    def to_json(self, **kwargs):
        """The architecture as JSON text (Keras 3's config dict); ``keras.models.model_from_json`` reads it.
        ``kwargs`` go to ``json.dumps`` (indent=...)."""
        import json
        from .saving.model_config import serialize_model
        return json.dumps(serialize_model(self), **kwargs)

    def save(self, filepath, overwrite=True, zipped=None, **kwargs):
        """Save the whole model to a '.keras' archive or a '.h5' file (see ``layers.saving.load_model``);
        ``include_optimizer`` and ``save_format`` are keywords, as in Keras 3."""
        saving.save_model(self, filepath, overwrite=overwrite, zipped=zipped, **kwargs)

    def export(self, filepath, format='tf_saved_model', verbose=True, input_signature=None, **kwargs):  # noqa: A002
        """Write the inference SavedModel (a 'serve' endpoint) that ``framework.saved_model.load`` reads
        back, as Keras 3's ``model.export``; tapeflow's SavedModels load in tapeflow only."""
        if format != 'tf_saved_model':
            from .export_formats import refuse_unwritable_format
            refuse_unwritable_format(self, filepath, format, input_signature)
        if input_signature is not None:
            # Keras 3 makes the 'serve' endpoint of the signature given, named as its specs are
            from framework.saved_model.export_archive import ExportArchive
            archive = ExportArchive()
            archive.track_and_add_endpoint('serve', self, input_signature, **kwargs)
            archive.write_out(filepath, verbose=verbose)
            return
        from framework.saved_model.keras_export import export_model
        endpoint = export_model(self, filepath)
        if verbose:
            print("Saved artifact at '%s'. The following endpoints are available:\n\n%s" % (filepath, endpoint))


def _inject_functional_base(cls):
    """``cls`` rebased in place with ``Functional`` where ``Model`` was among its bases (and its bases'),
    as Keras 3's ``inject_functional_model_class`` does: ``type(model) is P`` stays true, and so does
    the idiom ``super(type(self), self).train_step(data)`` (a variant class deriving from P made it
    call P's own train_step again, without end: RecursionError). As in Keras, the class stays rebased:
    a later ``P()`` without inputs and outputs meets Functional's __init__ (TypeError). Bases outside
    Model's hierarchy (mixins) are left alone."""
    from .functional.functional_model import Functional
    if cls is Model:
        return Functional
    if not issubclass(cls, Model) or issubclass(cls, Functional):
        return cls
    bases = tuple(_inject_functional_base(base) for base in cls.__bases__)
    if bases != cls.__bases__:
        cls.__bases__ = bases
    return cls


def _functional_arguments(args, kwargs):
    """Whether Model(...) / super().__init__(...) was given a graph (Keras 3's test): inputs and
    outputs, by position or by name. The text-generation tutorial's ``super().__init__(self)``
    is not one, and fails in Layer.__init__ as in Keras."""
    return len(args) == 2 or (len(args) == 1 and 'outputs' in kwargs) or ('inputs' in kwargs and 'outputs' in kwargs)
