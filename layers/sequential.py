"""Sequential: a stack of layers, each feeding the next."""
import warnings

import numpy as np

from framework import nest, trace_names
from framework.dtypes import numpy_dtype
from framework.errors import OperatorNotAllowedInGraphError, noted, shown_as
from framework.losses.tensor_notes import NOTES as TENSOR_NOTES, get_keras_mask, set_keras_mask
from framework.ops import expand_dims, squeeze
from framework.sparse.sparse_tensor import SparseTensor
from framework.tensor import Tensor
from framework.tensor_shape import TensorShape
from framework.type_text import class_text
from framework.train import deferred_restore
from framework.trace_time_logs import warn_as_traced

from . import call_context, object_sharing, serialization
from .functional.config import keras2_entry_layer
from .functional.input_dims import as_traced
from .functional.input_spec_names import named_inputs_error, not_optional_error
from .functional.keras_tensor import KerasTensor
from .functional.keras_training_argument import recorded_training
from .functional.node import first_call_tensors, inbound_nodes
from .input_layer import InputLayer
from .input_spec import standardize_shape
from .layer import PLAIN_CALLS, Layer
from .policy_sharing import policy_config
from .mask_propagation import as_mask, warn_if_mask_dropped
from .naming import unique_name
from .output_spec import traced_output_shape
from .summary import print_summary
from .traced_casts import cast_as_keras, symbolic_cast

# The base class of Sequential: Model, which adds compile / fit / evaluate / predict.
from .model import Model as ModelBase  # noqa: E402


_NEVER_CALLED = 'The layer %s has never been called and thus has no defined %s.'    # Keras 3's Operation text


class NotALayerError(TypeError, ValueError):
    """Something that is not a Layer given to Sequential (Keras 3 raises
    ValueError, Keras 2 TypeError; this is both)."""


# Programs print type(e).__name__ and tracebacks name the class: TF 2.21 shows ValueError there
shown_as(NotALayerError, ValueError)


# an Input's dtype name -> its numpy dtype (read on every call of a built Sequential)
_NUMPY_DTYPES = {}


class Sequential(ModelBase):
    """Layers applied in order: ``Sequential([Dense(30, activation='elu'), Dense(1)])``.

    The model builds when its input shape is known: from a leading
    ``Input((8,))``, from the first layer's legacy ``input_shape=``, from
    ``build(input_shape)`` or from the first call. Once built, its layers
    have also been called on an Input tensor, as Keras 3 builds them, so
    ``inputs`` / ``outputs`` (and every layer's ``input`` / ``output``) are
    KerasTensors a functional model can start or end at:
    ``Model(inputs=model.inputs, outputs=model.layers[-2].output)``.

    A mask made by a layer (``Embedding(mask_zero=True)``, ``Masking``)
    travels on to the next ones (see ``mask_propagation``).

    Args:
        layers: a list of layers to ``add``.
        trainable: whether its weights are trained.
        name: default 'sequential', numbered.
    """
    locks_state_when_built = False     # Keras 3's model stays open to layers added after its build


    def __init__(self, layers=None, trainable=True, name=None):
        # Keras 3's signature: Sequential(dtype=...) is its TypeError (the layers carry the policies)
        super().__init__(trainable=trainable, name=name)
        self._input_layer = None
        self._layers = []
        self._output_shapes = {}        # id(layer) -> its output shape, filled by build
        self._graph_ends = None         # (inputs, outputs): the KerasTensors of the traced layers
        self._recorded_training = None  # {id(layer): the training its call records in the graph} (_trace)
        self._graph_error = None        # why tracing failed, when it did
        for layer in layers or ():
            self.add(layer, rebuild=False)
        self._maybe_rebuild()

    @property
    def layers(self):
        """The layers in order (an Input is not listed, as in Keras)."""
        return list(self._layers)

    @layers.setter
    def layers(self, _):
        raise AttributeError('`Sequential.layers` attribute is reserved and should not be used. Use `add()` and '
                             '`pop()` to change the layers in this model.')

    def _input_cast_dtype(self):
        # Keras 3's Sequential.input_dtype: its Input's dtype (a float64 Input keeps float64 data whole)
        given = self._input_layer
        if given is not None and given._dtype.kind == 'f':
            return given._dtype
        return super()._input_cast_dtype()

    def add(self, layer, rebuild=True):
        """Append ``layer``; an Input/InputLayer may only come first.

        Raises:
            NotALayerError (TypeError and ValueError): not a Layer.
            ValueError: a repeated layer name, or an Input after other layers.
        """
        origin = getattr(layer, '_keras_history', None)
        if origin is not None and isinstance(origin[0], InputLayer):
            layer = origin[0]                  # keras.Input(...) gives the tensor; the model keeps its layer
        if not isinstance(layer, Layer):
            # Keras 3's f-string: a tensor formats as its values ('[1. 1.]'), its type as TF names it
            raise NotALayerError('Only instances of `keras.Layer` can be added to a Sequential model. Received: {} '
                                 '(of type {})'.format(serialization._keras_class_text(layer) if isinstance(layer, type) else layer,
                                                      class_text(layer)))
        if isinstance(layer, InputLayer):
            if self._input_layer is not None:
                raise noted(ValueError("Sequential model '%s' has already been configured to use input shape %s. "
                                       'You cannot add a different Input layer to it.'
                                       % (self.name, tuple(self._input_layer.batch_shape))),
                            'tapeflow: an Input can only be the first layer')
            if self._layers:
                raise ValueError("Sequential model '%s': an Input can only be the first layer; this model "
                                 'already has layers' % self.name)
            self._input_layer = layer
            if layer.sparse:       # keras.Input(sparse=True): SparseTensor batches reach the first layer
                self._keeps_composite_inputs = (SparseTensor,)
        else:
            # Keras 3 takes the same layer again (its weights are shared), not another of its name
            if any(existing.name == layer.name and existing is not layer for existing in self._layers):
                raise ValueError("All layers added to a Sequential model should have unique names. Name '%s' "
                                 'is already the name of a layer in this model. Update the `name` argument to '
                                 'pass a unique name.' % layer.name)
            if not self._layers and self._input_layer is None and layer._batch_input_shape is not None:
                self._input_layer = InputLayer(batch_shape=layer._batch_input_shape)
            self._layers.append(layer)
        self.built = False
        if rebuild:
            self._maybe_rebuild()

    def pop(self, rebuild=True):
        """Remove and return the last layer.

        Raises:
            IndexError: the model has no layers (Keras 3 pops from its empty list).
        """
        if not self._layers:
            error = IndexError('list index out of range')       # Keras 3's (it reads self._layers[-1])
            error.add_note('Sequential.pop: there are no layers in the model')
            raise error
        layer = self._layers.pop()
        self._output_shapes.pop(id(layer), None)
        self.built = False
        if rebuild:
            self._maybe_rebuild()
        return layer

    def _maybe_rebuild(self):
        if self._input_layer is not None and self._layers:
            self.build(self._input_layer.batch_shape)
        elif len(self._layers) > 1 and isinstance(self._layers[0], ModelBase) and \
                getattr(self._layers[0], 'input_shape', None) is not None:
            # As Keras 3: a first layer that is itself a built model gives its input shape.
            self.build(self._layers[0].input_shape)

    def build(self, input_shape=None):
        """Build every layer in turn, each for the output shape of the one before.

        Raises:
            ValueError: no input shape given or known, or one that does not fit the model's Input.
        """
        if input_shape is None and self._input_layer is not None:
            input_shape = self._input_layer.batch_shape
        try:
            shape = standardize_shape(input_shape)
        except ValueError:
            # Keras 3 builds nothing from what is no single shape (None, 3, 'a', a list of shapes) and says
            # nothing; its layers build on their first call. (Its build wrapper then sets ``built``, which
            # here would keep fit from building them first: left False.)
            return
        configured = self._input_layer.batch_shape if self._input_layer is not None else None
        if configured is not None and tuple(configured) != shape:
            # Keras 3's words: it refuses any other shape, a batch size where the Input has None or the other
            # way round too (Sequential([Dense(1)]) called on a (2, 3) batch is configured to (2, 3))
            raise ValueError('Sequential model %r has already been configured to use input shape %s. You cannot '
                             'build it with input_shape %s' % (self.name, tuple(configured), shape))
        if not self._layers:      # Keras 3's words
            raise ValueError('Sequential model %s cannot be built because it has no layers. Call '
                             '`model.add(layer)`.' % self.name)
        with call_context.scope(self):
            # As Keras 3, one symbolic call of each layer builds it and gives its output shape
            # (a user's call() runs once); shapes alone where that call cannot be made.
            shapes = self._trace(shape)
            if shapes is None:
                shapes = {}
                try:
                    for index, layer in enumerate(self._layers):
                        if index == self.__dict__.get('_shapeless_at'):
                            raise NotImplementedError
                        if not layer.built:
                            layer._build_from_shape(shape)
                        shape = tuple(traced_output_shape(layer, shape))
                        shapes[id(layer)] = shape
                except NotImplementedError:
                    # Keras 3's build returns where a layer cannot say its output shape (a Lambda calling
                    # x.numpy()): the model is built without them, and eager calls run as usual
                    pass
        self._output_shapes = shapes
        # as given, as Keras 3 records it (get_build_config shows a TensorShape or a list as such; files a list)
        self._build_input_shape = input_shape if isinstance(input_shape, (list, TensorShape)) else tuple(input_shape)
        self.built = True
        # a checkpoint restored into the model before it had layers' weights waits on it (TF restores
        # them as model.build((None, 3)) makes them, as on the first call)
        deferred_restore.after_build(self)

    def _trace(self, input_shape):
        """Call the layers on an Input of ``input_shape`` (the model's own Input when it
        has that shape), recording the graph Keras 3 keeps as the model's Functional.
        Returns {id(layer): its output shape}, or None when a layer cannot be called so."""
        input_layer = self._input_layer
        if input_layer is None or tuple(input_layer.batch_shape) != input_shape:
            input_layer = InputLayer(batch_shape=input_shape, dtype=self._layers[0].compute_dtype)
            if self._input_layer is None:
                # Keras 3 keeps the InputLayer its build made: get_config lists it, add() rebuilds with it.
                self._input_layer = input_layer
        x = input_layer.output
        shapes = {}
        index = None
        try:
            for index, layer in enumerate(self._layers):
                x = layer(x)
                shapes[id(layer)] = nest.map_structure(lambda t: t.shape, x) if not isinstance(x, KerasTensor) \
                    else x.shape
        except (TypeError, ValueError, NotImplementedError) as err:
            # a built model's input spec refused it (maybe worded as a symbolic call's error): Keras raises
            if getattr(err, 'incompatible_input', False) or getattr(err.__cause__, 'incompatible_input', False):
                raise
            if getattr(err, 'graph_refused', False):   # TensorFlow's graph refused an op of the call: Keras raises
                raise
            if getattr(err, 'from_shape_rule', False):  # the layer's compute_output_shape raised: Keras raises
                raise
            if isinstance(err, OperatorNotAllowedInGraphError):     # a tensor `if` in a call: Keras re-raises
                raise                                               # the TypeError, as any but a signature's
            # As Keras, a layer that cannot say its output from shapes alone leaves no graph.
            self._graph_ends, self._graph_error = None, '%s: %s' % (type(err).__name__, err)
            self.__dict__['_recorded_training'] = None
            # (where the layer says it cannot (NotImplementedError), Keras's build stops: build's shape pass stops
            # there too, without running that layer's code again)
            self.__dict__['_shapeless_at'] = index if isinstance(err, NotImplementedError) else None
            return None
        self._graph_ends, self._graph_error = ([input_layer.output], nest.flatten(x)), None
        # what a model(x) without training hands each layer: the default Keras records in the graph
        recorded = {}
        for layer in self._layers:
            nodes = inbound_nodes(layer)
            flag = recorded_training(nodes[-1]) if nodes else None
            if flag is not None:
                recorded[id(layer)] = flag
        self.__dict__['_recorded_training'] = recorded
        # Keras 3 wraps the traced graph in a Functional, which takes the next 'functional' name:
        # a later keras.Model(...) is 'functional_1' after one built Sequential, as there.
        self._functional_name = unique_name('functional')
        return shapes

    def call(self, inputs, training=None, mask=None, **kwargs):
        # Keras 3's signature: other keyword arguments are accepted and go to no layer (Keras passes
        # only registered context arguments on), and its errors list them ('kwargs=...').
        if isinstance(inputs, (list, tuple)) and self._input_layer is not None:
            # One Input takes one tensor: [x] is x, as Keras 3 flattens it; a longer list used to reach
            # the first layer (Dense raised AttributeError: 'list' object has no attribute '_data').
            if not inputs:
                raise ValueError('Sequential model %r takes one input (its Input has shape %s), got an empty %s'
                                 % (self.name, tuple(self._input_layer.batch_shape), type(inputs).__name__))
            # Keras 3's Functional inside warns for any list or tuple, shown as given ([x] as a list,
            # fit's (x,) as a tuple), from a trace or an eager call (a replayed step runs no Python);
            # its one Input then takes the first flattened array: predict((x, y)) predicts x (TF 2.21)
            # (at each trace, as TF runs the Python: twice for a first trace that makes variables)
            warn_as_traced(self._structure_text(inputs), stacklevel=3)
            if len(inputs) > 1:
                inputs = nest.flatten(inputs)[:1]
            inputs = inputs[0]
        x = self._match_input_rank(inputs)
        if mask is not None or id(inputs) in TENSOR_NOTES:     # (a plain batch has no notes: one lookup)
            warn_if_mask_dropped(self, inputs, mask)
            if mask is not None and isinstance(x, Tensor) and get_keras_mask(x) is None:
                set_keras_mask(x, as_mask(mask))
        if training is None:
            # As Keras 3's Sequential: a None training is not handed on, so each layer resolves its own
            # (the call context's value, else its call's default: a RandomFlip flips in model(x)), but
            # where Keras runs its graph, a layer whose call has a default gets it as recorded there
            # (a Dropout after a RandomFlip gets its False, not the context's True)
            recorded = self._recorded_training      # (None where no graph was traced)
            for layer in self._layers:
                flag = recorded.get(id(layer)) if recorded else None
                x = type(layer).__call__(layer, x) if flag is None else type(layer).__call__(layer, x, training=flag)
            return x
        for layer in self._layers:
            # layer(x, training=...) itself: a Python __call__ called with a keyword goes through a tuple
            # and a dict (slot_tp_call), a few hundred nanoseconds more per layer
            x = type(layer).__call__(layer, x, training=training)
        return x

    def _refuse_none(self, args, kwargs, training):
        """Keras 3 for ``model(None)``: a built Sequential's Functional says that its Input is not optional;
        an unbuilt one hands None to its first layer, whose refusal comes worded as this call's error
        (unless that layer's own call worded it). tapeflow said 'Attempt to convert a value (None)'."""
        if self._graph_ends is not None:
            err = not_optional_error(self.name, self._graph_ends[0][0].name)
        elif self._layers:
            try:
                self._layers[0](None, training=training)
            except (TypeError, ValueError) as first:
                err = first
            else:
                return super()._refuse_none(args, kwargs, training)
        else:
            return super()._refuse_none(args, kwargs, training)
        raise self._none_call_error(err, args, kwargs, training) from None

    def _match_input_rank(self, x):
        """As Keras 3's Functional (a built Sequential calls its traced graph): a numeric input is
        converted to the Input's dtype (uint8 images reach a Conv2D as float32; called directly,
        Keras's convolutions refuse them); an input one axis short of the Input's rank gets a last axis
        of size 1 when the Input's last axis is 1 (``predict(x)`` with x of shape (n,) for
        input_shape=[1]); one axis too many of size 1 is squeezed."""
        if self._graph_ends is None or not isinstance(x, Tensor):
            if type(x) is dict and self._graph_ends is not None:
                return self._match_input_rank(self._entry_by_name(x))
            return x
        reference = self._graph_ends[0][0]
        # (numpy's dtype.name is a Python property: every call of a built Sequential passes here)
        wanted = _NUMPY_DTYPES.get(reference.dtype)
        if wanted is None:
            wanted = _NUMPY_DTYPES[reference.dtype] = numpy_dtype(reference.dtype)
        if x._data.dtype is not wanted:
            if wanted.kind in 'biufc' and (x._data.dtype.kind in 'biufc' or x.dtype == 'string'):
                # strings meet a numeric Input when the first layer computes in numbers (a StringLookup,
                # TextVectorization computes in strings): Keras casts them and TF's Cast kernel refuses
                # ('Cast string to float is not supported'; the warmstart tutorial's nested Sequential)
                x = self._cast_input(x, wanted)
            elif wanted.kind == 'O' and x._data.dtype.kind in 'biufc' and call_context.probing():
                # a string Input met by the zeros of a symbolic call (an outer Sequential's build):
                # Keras casts the KerasTensor to string; empty strings stand for it here
                x = Tensor(np.full(x.shape, b'', dtype=object))
        reference = reference.shape
        if x._data.ndim == len(reference):        # the usual case: nothing to change
            return x
        if x.ndim == len(reference) + 1 and x.shape[-1] == 1:
            return squeeze(x, axis=-1)
        if x.ndim == len(reference) - 1 and reference[-1] == 1:
            return expand_dims(x, axis=-1)
        entry = trace_names.entry_of(x)
        if entry is not None and entry[1] is None:
            # predict's step retraced on a batch of another rank leaves the rank unknown (reduce_retracing):
            # Keras's _adjust_input_rank then fails on len(x.shape), as TF 2.21 does (fitlogs3's p54)
            raise ValueError('Cannot take the length of shape with unknown rank.')
        # Keras 3's Functional._adjust_input_rank: any other rank is refused (a Sequential built on
        # batches, mapped over single images in a Dataset, raised this on TF 2.21 and ran on tapeflow)
        raise ValueError("Invalid input shape for input {} with name '{}' and path ''. Expected shape {}, but input "
                         'has incompatible shape {}'.format(x, self._graph_ends[0][0].name, reference,
                                                            as_traced(tuple(x.shape))))

    def _cast_input(self, x, wanted):
        """Keras's cast of ``x`` to the Input's dtype: a graph op in a traced step ('sequential_1/Cast'), whose
        string batch TensorFlow refuses by the rank check first when its rank is wrong (the kernel only runs
        after the graph is made)."""
        if x.dtype == 'string' and x._data.ndim != len(self._graph_ends[0][0].shape):
            stand_in = symbolic_cast(x, wanted)
            if stand_in is not None:
                return stand_in
        return cast_as_keras(x, wanted)

    def _structure_text(self, inputs):
        received = nest.map_structure(lambda v: 'Tensor(shape=%s)' % (tuple(np.shape(v)),), inputs)
        return "The structure of `inputs` doesn't match the expected structure.\nExpected: %s\nReceived: inputs=%s" \
            % (self._input_layer.output.name, received)

    def _entry_by_name(self, inputs):
        """Keras 3's Functional inside reads a dict by its Input tensor's name ('keras_tensor'), then warns
        that the one-entry list it made differs from its one Input; a dict without that name is refused
        in the warning's words (the first layer used to get the dict: Dense's 'found ndim=0')."""
        name = self._input_layer.output.name
        if name not in inputs:
            raise ValueError(self._structure_text(inputs))
        entry = inputs[name]
        warn_as_traced(self._structure_text([entry]), stacklevel=4)
        return entry

    def _check_input_shape(self, shape):
        """Keras 3's ValueError unless ``shape`` fits the traced graph's Input past the batch axis:
        its Functional's input spec (allow_last_axis_squeeze) is checked for output shapes, and so when
        another model is built through this one (eager calls are not checked). The data augmentation
        tutorial's ``Sequential([resize_and_rescale, data_augmentation, ...])``, whose two parts were
        built by calls on differently shaped images, raised it on TF 2.21."""
        reference = self._graph_ends[0][0]
        expected = (None,) + tuple(reference.shape[1:])
        found, wanted = tuple(shape), expected
        if found and found[-1] == 1:
            found = found[:-1]
        if wanted and wanted[-1] == 1:
            wanted = wanted[:-1]
        if any(a is not None and b is not None and a != b for a, b in zip(wanted, found)):
            error = ValueError("Input 0 with name '%s' of layer '%s' is incompatible with the layer: expected "
                               'shape=%s, found shape=%s' % (reference._keras_history[0].name,
                                                             getattr(self, '_functional_name', 'functional'),
                                                             expected, found))
            error.incompatible_input = True
            raise error

    def _check_symbolic_inputs(self, inputs):
        """Keras 3's Sequential hands a symbolic call to its Functional's compute_output_spec, which
        checks the inputs against that Functional's InputSpec first: a dict by the Input's name, then
        the count ('Layer "functional" expects 1 named input(s) ...' for two tensors), then the shape,
        whether the input carries a mask or not (a masked one used to skip the shape check here)."""
        if self._graph_ends is None or not self.built:
            return
        name = self._graph_ends[0][0]._keras_history[0].name
        error = named_inputs_error(getattr(self, '_functional_name', 'functional'), [name], inputs)
        if error is not None:
            raise error
        given = inputs[name] if isinstance(inputs, dict) else nest.flatten(inputs)[0]
        if type(given) is KerasTensor:
            self._check_input_shape(given.shape)

    def compute_mask(self, inputs, mask=None):
        """None: the output already carries the mask its last layer computed."""
        return None

    # Layer.__call__ needs no mask handling around a model call (see mask_propagation.masks_matter).
    outputs_carry_masks = True

    def compute_output_shape(self, input_shape):
        shape = tuple(input_shape)
        if self._graph_ends is not None and self.built:
            self._check_input_shape(shape)
        for layer in self._layers:
            shape = tuple(traced_output_shape(layer, shape))
        return shape

    # ---- the graph's ends, as Keras 3's Sequential gives them --------------------------
    def _ends(self, which):
        if self._graph_ends is None or not self.built:
            error = AttributeError("Sequential model '%s' has no defined %s yet." % (self.name, which))
            error.add_note(('Calling its layers on an Input failed: %s' % self._graph_error) if self._graph_error else
                           'Start it with keras.Input(shape), give its first layer input_shape=, or build it')
            raise error
        return self._graph_ends[0 if which == 'inputs' else 1]

    @property
    def inputs(self):
        """[the KerasTensor of the model's Input] once built."""
        return list(self._ends('inputs'))

    @property
    def outputs(self):
        """[the last layer's KerasTensor output] once built."""
        return list(self._ends('outputs'))

    @property
    def input(self):
        """The input KerasTensor of the model's first call on symbolic tensors, as Keras 3's
        (``keras.Model(x, seq.output)`` then joins the caller's graph). Never called so, Keras 3 in
        TF 2.21 raises AttributeError though the model is built (Keras 2 gave its Input): so here,
        with a note on ``inputs``, which Keras 3 gives."""
        if inbound_nodes(self):
            return first_call_tensors(self, 'input')
        raise self._never_called('input')

    @property
    def output(self):
        """The output KerasTensor of the model's first symbolic call (see ``input``)."""
        if inbound_nodes(self):
            return first_call_tensors(self, 'output')
        raise self._never_called('output')

    def _never_called(self, which):
        error = AttributeError(_NEVER_CALLED % (self.name, which))
        if self._graph_ends is not None and self.built:
            error.add_note('Keras 3 defines .%s only after a call on a KerasTensor; this built model has '
                           '.%ss (a list): use model.%ss[0]' % (which, which, which))
        else:
            error.add_note('Start it with keras.Input(shape), give its first layer input_shape=, or build it')
        return error

    @property
    def input_shape(self):
        if self._build_input_shape is None or not self.built:     # (pop(rebuild=False) unbuilds it: Keras's None)
            raise AttributeError("Sequential model '%s' has no defined input shape yet." % self.name)
        return tuple(self._build_input_shape)

    @property
    def output_shape(self):
        if not self._layers or self._build_input_shape is None or not self.built:
            raise AttributeError("Sequential model '%s' has no defined output shape yet." % self.name)
        return self._output_shapes.get(id(self._layers[-1]))

    def summary(self, line_length=None, positions=None, print_fn=None, expand_nested=False,
                show_trainable=False, layer_range=None):
        """Print the table of layers, output shapes and parameter counts (see ``summary``)."""
        print_summary(self, line_length, positions, print_fn, expand_nested, show_trainable, layer_range)
    # Keras defines summary on Model only: TF 2.21's TypeError for a wrong keyword names Model.summary()
    summary.__qualname__ = 'Model.summary'

    def get_config(self):
        layer_configs = []
        if self._input_layer is not None:
            # recorded: a Sequential serialized twice in one .keras config (shared by two models) marks its
            # InputLayer entry with shared_object_id, as Keras 3's serialize_keras_object does
            layer_configs.append(object_sharing.recorded(self._input_layer, {
                'module': 'keras.layers', 'class_name': 'InputLayer',
                'config': self._input_layer.get_config(), 'registered_name': None}))
        layer_configs.extend(serialization.serialize(layer) for layer in self._layers)
        config = {'name': self.name, 'trainable': self.trainable, 'dtype': policy_config(self),
                  'layers': layer_configs}
        if self._build_input_shape is not None:
            config['build_input_shape'] = tuple(self._build_input_shape)
        return config

    @classmethod
    def from_config(cls, config, custom_objects=None):
        if not isinstance(config, dict) or 'name' not in config:       # Keras 3's check and words
            raise ValueError("A Sequential model configuration must be a dictionary containing the 'name' and "
                             "'layers' keys. Received: config=%s" % (config,))
        config = dict(config)
        layer_configs = config.pop('layers')        # Keras 3: config['layers'] (a KeyError without it)
        build_input_shape = config.pop('build_input_shape', None)
        # Keras 3 makes the model from its name alone: a reloaded Sequential is trainable and has the
        # dtype policy global at load time (a model saved under mixed_float16 and loaded under float32
        # compiles to its plain optimizer there), whatever its config says; its layers keep theirs.
        model = cls(name=config.get('name'))
        # Each layer builds from its build_config as it is deserialized, outside the model's
        # scope: Keras 3 names a reloaded weight 'dense/kernel', not 'sequential/dense/kernel'.
        # add() rebuilds after each layer, as Keras's does (each build takes a 'functional' name there)
        for layer_config in layer_configs:
            if isinstance(layer_config, dict) and 'module' not in layer_config:    # a Keras 2 entry, as Keras 3 reads it
                model.add(keras2_entry_layer(layer_config, custom_objects))
            else:
                model.add(serialization.deserialize(layer_config, custom_objects))
        if not model.built and build_input_shape is not None:
            model.build(build_input_shape)
        return model


PLAIN_CALLS[Sequential] = True      # (see layer.py: a built Sequential's call takes the batch as it comes)
