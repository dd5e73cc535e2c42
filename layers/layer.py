"""Layer: the Keras 3 building block (``build`` / ``call`` / ``add_weight``).

A layer creates its weights in ``build(input_shape)`` through
``add_weight``, on the first call, when the input shape is known; ``call``
computes the output with framework ops, so a GradientTape records it.
Sublayers are found by looking at the instance's attributes when weights
are asked for (see ``tracking``); ``__setattr__`` only drops the cached
answer when an attribute changes.
"""
import contextlib
import inspect
import warnings

import numpy as np

from framework import nest
from framework import trace_names
from framework.errors import noted, shown_as
from framework.composite import CompositeTensor
from framework.extension_type import ExtensionType
from framework.losses.tensor_notes import NOTES as TENSOR_NOTES
from framework.function_init import once
from framework.tensor import Tensor
from framework.train import deferred_restore
from framework.variable import Variable

from . import auto_config, build_recording, call_context, failed_build, naming, regularizers, traced_penalties
from . import autocast as autocasting, build_shapes, mask_propagation, tracked_containers, tracking
from .build_run import BuildRun, builds_by_calling, warn_unbuilt_state  # noqa: F401  (rnn.py, functional/ import them here)
from .call_errors import CAUGHT_IN_CALL, call_error, name_layer, super_not_called
from .call_inputs import (TAKES_TRAINING, accepts_training, check_call_keywords, check_call_positionals, check_spec,
                          check_required_training, default_training,
                          convert_argument, convert_arguments, convert_inputs, keyword_inputs, refuse_shapeless, shape_of)
from .functional.node import first_call_tensors
from .functional.symbolic_call import any_symbolic, call_symbolic
from .input_spec import InputSpec
from .mask_propagation import MASK_KIND, call_with_masks, masks_matter
from .own_variables import OwnVariables
from .quantize_refusal import refuse_quantize
from .stateless_call import stateless_call
from .layer_config import LayerConfig
from .layer_dtype import LayerDType
from .layer_output_shapes import LayerOutputShapes
from .layer_state import LOCKED_STATE, LayerState  # noqa: F401  (tracked_containers imports LOCKED_STATE here)
from .layer_arguments import legacy_batch_shape, shared_policy_identity, standardize_policy
from .tensor_arguments import is_tensor_argument, refuse_mixed_arguments
from .traced_outputs import name_traced_outputs
from .weight_paths import layer_scope
from .weights import LayerWeights

_SHOWN_ONCE = contextlib.nullcontext()
_PYTHON_SCALARS = (str, bytes, int, float, bool, complex)
_PLAIN_INPUTS = frozenset((Tensor, np.ndarray))       # inputs that hold no Python value: one set lookup per call
# Layer classes whose built instances, called on a batch (a tensor or numpy array, without notes: no mask)
# and no other argument, need of __call__'s work only the input's conversion and check: __call__ then runs
# their call directly. Each class adds itself, its exact class only (a subclass may override call), mapped
# to whether its call takes ``training`` (Sequential hands it on; Dense ignores it).
PLAIN_CALLS = {}
_NESTS = (list, tuple, dict)


def _refuse_python_values(inputs):
    """Keras 3 converts only array-likes among the inputs' leaves, then refuses a Python number or
    string left there: ``layer(3.0)``, and ``exponential_layer([-3., -1., 0.])``, which Hands-On ML
    wrote for Keras 2 (preprocessing layers take them: ``_allow_non_tensor_positional_args``), and
    any other object that is not array-like (``layer(history)``)."""
    for leaf in (inputs,) if type(inputs) in _PYTHON_SCALARS else nest.flatten(inputs):
        # (an ExtensionType is no tensor to Keras 3 either: TF 2.21 refuses `layer(network)`, runs `layer(network=...)`)
        if type(leaf) in _PYTHON_SCALARS or isinstance(leaf, ExtensionType) or not (
                leaf is None or isinstance(leaf, (Tensor, CompositeTensor)) or hasattr(leaf, '__array__')):
            from framework.data.stage_names import type_text      # (late, on the failure only)
            raise ValueError('Only input tensors may be passed as positional arguments. The following argument '
                             'value should be passed as a keyword argument: %s (of type %s)' % (leaf, type_text(leaf)))


def _warn_legacy_shape_argument(data_layer):
    """Keras 3's input_shape warning, given where Keras gives it so that Python's default filter
    shows it as often: from the subclass's super().__init__ line (once per layer class), except
    that Keras's preprocessing layers all reach Layer through DataLayer's one line, so one warning
    serves them all (the image-classification tutorial's RandomFlip after Rescaling adds none)."""
    message = ('Do not pass an `input_shape`/`input_dim` argument to a layer. When using Sequential models, '
               'prefer using an `Input(shape)` object as the first layer in the model instead.')
    if data_layer:
        warnings.warn(message, stacklevel=1)
    else:
        warnings.warn(message, stacklevel=3)


_LEGACY_SHAPE_KEYWORDS = ('input_shape', 'input_dim')     # Keras 3 takes these two of Keras 2's (with a warning)
def _unknown_argument_hint(kwargs, name):
    if 'batch_input_shape' in kwargs or 'batch_size' in kwargs:     # Keras 2's, gone from Keras 3's layers
        return ('Keras 3 takes a fixed batch size from the model\'s input: keras.Input(shape=..., batch_size=...) '
                '(or Input(batch_shape=...)) as the first layer of the model')
    return 'valid ones include name, trainable, dtype and the arguments of %s itself' % name


_NO_INPUTS = object()         # __call__ without a positional first argument: call names it (keyword_inputs)
_NOT_GIVEN = object()         # __call__ without ``training`` (a given None is Keras 3's too: _enter_call)
_EXPLICIT_NONE = call_context.EXPLICIT_NONE


class UnknownArgumentError(TypeError, ValueError):
    """An unknown keyword argument to a layer. Keras 3 raises ValueError,
    Keras 2 TypeError; this is both, so either ``except`` clause catches it."""


# Programs print type(e).__name__ and tracebacks name the class: TF 2.21 shows ValueError there
shown_as(UnknownArgumentError, ValueError)


# Keras 3's words for a weight added to a layer already built

class Layer(LayerDType, LayerWeights, LayerState, OwnVariables, LayerOutputShapes, LayerConfig):
    """The base class of every layer.

    Args:
        name: a unique name; by default the class name in snake case, numbered
            ('dense', 'dense_1', ...).
        trainable: whether the layer's weights are trained.
        dtype: the dtype of weights and computations, or a dtype policy (its name or a
            ``keras.DTypePolicy``): 'mixed_float16' computes in float16 with float32
            weights (default: the global policy, float32 unless set).
        autocast: under a mixed policy, whether floating inputs are cast to the compute dtype.
        activity_regularizer: a regularizer applied to the layer's output;
            its value, divided by the batch size, joins ``losses``.
        input_shape / input_dim / batch_input_shape / batch_size: the legacy
            Keras 2 way to give a first layer its input shape; ``Sequential``
            builds early from it.
    Raises:
        UnknownArgumentError (a TypeError and a ValueError): an unknown keyword.
    """

    _compute = _mixed = None        # a mixed policy's compute dtype and name (see __init__)
    autocast = True

    # True in a layer whose call takes a RaggedTensor / SparseTensor input as Keras 3's does (the
    # lookups); the others refuse one, asking for a dense tensor.
    _keeps_composite_inputs = False
    # Keras 3 refuses a Python string or number as a layer's input ('Only input tensors may be passed
    # as positional arguments'); its preprocessing layers take them (True there).
    _allow_non_tensor_positional_args = False
    # True in the layers that derive from Keras 3's DataLayer (its preprocessing layers)
    _keras_data_layer = False
    # Keras 3's _convert_input_args: whether a call converts its arguments' arrays to tensors (False in
    # the lookups, CategoryEncoding, a functional model, ...: they take them as given)
    keras_converts_inputs = True
    # Keras 3 locks a layer's state when its build ends (``_lock_state``): later weights and new
    # sublayers are refused. Sequential and functional models stay open (layers are added to them).
    locks_state_when_built = True

    def __init_subclass__(cls, **kwargs):
        super().__init_subclass__(**kwargs)
        if build_recording.needs_recording(cls):       # a user's build: mark built as Keras 3 does
            cls.build = build_recording.recording_build(cls.__dict__['build'])

    def __new__(cls, *args, **kwargs):
        layer = super().__new__(cls)
        if cls.get_config is Layer.get_config:      # Keras's automatic config needs the arguments
            layer.__dict__['_recorded_arguments'] = auto_config.record(cls, args, kwargs)
        return layer

    def __init__(self, *, activity_regularizer=None, trainable=True, dtype=None, autocast=True, name=None, **kwargs):
        # named first, as Keras 3's Operation.__init__: a refused argument below still uses up the automatic name
        self.name = name if name is not None else naming.unique_name(
            naming.to_snake_case(type(self).__name__))
        if not isinstance(self.name, str) or '/' in self.name:      # Keras 3's words (keras.Operation)
            raise ValueError('Argument `name` must be a string and cannot contain character `/`. Received: name=%s '
                             '(of type %s)' % (name, type(name)))
        legacy = {key: kwargs.pop(key) for key in _LEGACY_SHAPE_KEYWORDS if key in kwargs}
        if legacy.get('input_shape') is not None or legacy.get('input_dim') is not None:
            _warn_legacy_shape_argument(self._keras_data_layer)
        if kwargs:
            # Keras 3's words; tapeflow's hint in a note
            raise noted(UnknownArgumentError('Unrecognized keyword arguments passed to %s: %s'
                                             % (type(self).__name__, kwargs)),
                        _unknown_argument_hint(kwargs, type(self).__name__))
        # _dtype: the variables' numpy dtype; under a mixed policy, _mixed (its name) and _compute
        # (the compute dtype) are set too, and the call autocasts (see layers/autocast.py).
        self._dtype, compute, self._mixed = standardize_policy(dtype, type(self).__name__)
        self._compute = compute if self._mixed is not None else None
        self.autocast = bool(autocast)
        self._policy_identity = shared_policy_identity(dtype)
        if not isinstance(trainable, bool):        # Keras 3's check: trainable='no' would train
            raise ValueError('Expected `trainable` to be a boolean. Received: trainable=%s (of type %s)'
                             % (trainable, type(trainable)))
        self._trainable = trainable
        self.built = False
        self.input_spec = None
        self.activity_regularizer = regularizers.get(activity_regularizer)
        self._trainable_created = []       # own variables, in creation order
        self._non_trainable_created = []
        self._regularizers = {}            # own variable -> its regularizer
        self._constraints = {}             # own variable -> its constraint
        self._losses = []                  # add_loss / activity losses of the latest call
        self._call_epoch = 0
        self._build_input_shape = None
        self._batch_input_shape = legacy_batch_shape(legacy, type(self).__name__)

    # ---- masking ------------------------------------------------------------------
    @property
    def supports_masking(self):
        """Whether the layer passes on (or computes) its input's mask, as Keras 3's attribute:
        what was set (``self.supports_masking = True`` in a custom layer), else what tapeflow's
        mask propagation infers (a ``compute_mask``, or a pass-through layer such as Dense)."""
        declared = self.__dict__.get('_supports_masking')
        if declared is not None:
            return declared
        return mask_propagation.inferred_supports_masking(self)

    @supports_masking.setter
    def supports_masking(self, value):
        self.__dict__['_supports_masking'] = value     # not an attribute that can hold sublayers

    def compute_mask(self, inputs, previous_mask):
        """The mask for the outputs: Keras 3's default passes the previous one on (``Dense(2).compute_mask(x,
        m)`` is ``m``; a subclass's may call it through super()). Marked as the default, so that only a
        subclass's own compute_mask makes a layer one that computes masks (mask_propagation)."""
        return previous_mask

    compute_mask.keras_default = True

    # ---- trainable: set on the layer, its variables and its sublayers (Keras 3) ----
    @property
    def trainable(self):
        return self._trainable

    @trainable.setter
    def trainable(self, value):
        if value is self._trainable:
            # TF's tracking __setattr__ skips setting an attribute to the object it holds, so the
            # same bool again leaves the sublayers as they are (a frozen sublayer stays frozen)
            return
        value = bool(value)
        self._trainable = value
        tracking.structure_changed(self)
        for v in self._trainable_created:
            v.trainable = value
        for layer in tracking.direct_sublayers(self):
            layer.trainable = value

    # ---- building ------------------------------------------------------------
    def build(self, input_shape):
        """Create the layer's weights for inputs of ``input_shape``; the base
        class has none. Subclasses call ``add_weight`` and end with
        ``self.built = True`` (or ``super().build(input_shape)``). Called by hand, it remembers
        ``input_shape`` for ``get_build_config`` as Keras 3 does. Called by hand on a layer without a
        build of its own whose sublayers are unbuilt (a subclassed model's ``build((None, 3))``), it
        warns as Keras 3 does: they stay unbuilt."""
        self._warn_unbuilt_state()
        self.built = True
        if type(self).build is Layer.build:     # by hand: Keras 3 records every such build, the last winning
            self._build_input_shape = input_shape
            self.__dict__['_build_shapes_dict'] = {'input_shape': input_shape}
            self.lock_state()
        elif self._build_input_shape is None:   # (a subclass's super().build() is inside its own)
            self._build_input_shape = input_shape

    @property
    def path(self):
        """Keras 3's path of the layer: its name under the layers and name scopes it was built in
        ('outer/dense'); None until it is built."""
        if not self.built:
            return None
        built_path = self.__dict__.get('_built_path')
        return layer_scope(self) if built_path is None else built_path

    def __setattr__(self, name, value):
        may_hold_sublayers = name not in tracking.NOT_SUBLAYER_NAMES
        if may_hold_sublayers:
            if '_state_locked' in self.__dict__ and tracking.new_state(self, value, Layer):
                raise ValueError(LOCKED_STATE)      # a new sublayer or weight set on a built layer (Keras 3)
            # Keras 3's tracker: note the sublayers in the order added; lists and dicts become
            # tracked copies, so that what is appended to them later is noted too
            value = tracked_containers.track(self, value, Layer)
        super().__setattr__(name, value)
        if type(value) is Variable and value._path is not None:
            tracking.track_variable(self, value)     # self.scale = keras.Variable(...): Keras tracks it
        if may_hold_sublayers:
            tracking.structure_changed(self)     # where the sublayers are may have changed

    def __delattr__(self, name):
        super().__delattr__(name)
        tracking.structure_changed(self)

    # ---- calling ----------------------------------------------------------------
    def call(self, *args, **kwargs):      # (Keras 3's signature: its "Arguments received" block shows args=, kwargs=)
        """The computation, which each layer defines. The base class raises Keras 3's NotImplementedError:
        returning the input unchanged hid a subclass whose ``call`` was missing or misspelled."""
        error = NotImplementedError('Layer %s does not have a `call` method implemented.' % type(self).__name__)
        error.add_note('%s: define call(self, inputs) in the subclass (a layer computes nothing by itself)'
                       % type(self).__name__)
        raise error

    def __call__(self, inputs=_NO_INPUTS, /, *args, training=_NOT_GIVEN, **kwargs):
        """Convert the input, build on first use, check it, and run ``call``.

        Floating inputs (numpy arrays, lists, tensors) become tensors of the
        layer's dtype, as Keras casts them; ``training`` is inherited from an
        enclosing layer call when not given, and passed only to a ``call``
        that accepts it. Given KerasTensors (the functional API), it records
        the call and returns KerasTensors instead (see ``functional``). The first
        argument may be given by its name in ``call`` (``mha(query=q, value=v)``).
        """
        # From here on None is "not given"; a given None travels as call_context.EXPLICIT_NONE (_enter_call)
        if training is _NOT_GIVEN:
            training = None
        elif training is None:
            training = _EXPLICIT_NONE
        passes_training = PLAIN_CALLS.get(type(self))
        if passes_training is not None and not args and not kwargs and type(inputs) in _PLAIN_INPUTS:
            spec = self.input_spec
            if (self.built and self._compute is None and (spec is None or type(spec) is InputSpec)
                    and self.activity_regularizer is None and id(inputs) not in TENSOR_NOTES and not trace_names.ACTIVE):
                # The usual call of a built Dense or Sequential on a batch: of this method's and _call_concrete's
                # work only the conversion, the input check, the call's stack entry and epoch and the wording of
                # an error raised in call() apply.
                if type(inputs) is not Tensor or inputs._data.dtype is not self._dtype:
                    inputs = convert_inputs(inputs, self._input_cast_dtype() if self.autocast else None)
                if spec is not None:
                    try:
                        spec.check(self, inputs._data.shape)
                    except ValueError:      # nothing has run yet: the full path raises it, named as Keras names it
                        return self._call_concrete(inputs, args, kwargs, training)
                entries, training = self._enter_call(training)
                try:
                    return self.call(inputs, training=training) if passes_training else self.call(inputs)
                except CAUGHT_IN_CALL as err:
                    # as _call_concrete words it (both classes' calls take ``training``), without running
                    # the call again: its layers' updates and random draws happen once
                    error = call_error(err, self, inputs, args, {} if training is None else {'training': training})
                    if isinstance(error, (TypeError, ValueError)):
                        name_layer(error, self)
                    raise error from None
                finally:
                    entries.pop()
                    if not entries:
                        call_context.STATE.root_entry = None     # (the context keeps no layer alive after its call)
        named = inputs is _NO_INPUTS
        if named:
            inputs = keyword_inputs(self, kwargs)
        if kwargs:
            check_call_keywords(self, kwargs)
        if args:
            check_call_positionals(self, args)
        if (type(inputs) not in _PLAIN_INPUTS or args or kwargs) and any_symbolic(inputs, args, kwargs):
            return call_symbolic(self, inputs, args, kwargs, None if training is _EXPLICIT_NONE else training, named)
        # masks_matter's answer for a model, or for a plain call on a tensor without notes, without its call
        kind = MASK_KIND.get(type(self))
        if kind != 'own' and not (kind == 'passes' and not kwargs and type(inputs) is Tensor
                                  and id(inputs) not in TENSOR_NOTES) and masks_matter(self, inputs, kwargs):
            # As Keras 3's __call__: fill in ``mask`` from the input's mask, and hang
            # compute_mask's result (or the input's mask) on the outputs.
            # (inside another layer's build run, Keras's run of this one builds it in the graph: the real
            # run then finds it built and keeps the mask, so it warns; the transformer tutorial's EncoderLayer)
            return call_with_masks(self._call_with_keywords, self, inputs, args, dict(kwargs, training=training),
                                   not self.built and builds_by_calling(self) and not call_context.in_build_run())
        return self._call_concrete(inputs, args, kwargs, training, named)

    def _enter_call(self, training):
        """Put this call on the thread's layer stack, which its sublayers' calls read; returns (the stack,
        the call's ``training``). As Keras 3 resolves it: as given, else the call context's (the flag
        the latest layer call inside the outermost one resolved: a sibling's too), else the call's own
        default; the context then holds it. The caller pops the entry when the call ends."""
        context = call_context.STATE
        entries = context.stack
        # Set in the instance dict: the attribute changes on every call and
        # never holds a sublayer, so __setattr__'s bookkeeping is not needed.
        if entries:
            self.__dict__['_call_epoch'] = context.epoch
            # (no call context open: a call inside a build outside any call, or a functional probe)
            try:
                opens = entries[context.root] is not context.root_entry
            except IndexError:      # (the call that opened it has ended)
                opens = True
            if training is None and not opens:
                training = context.training
        else:
            self.__dict__['_call_epoch'] = call_context.begin_outer_call()
            opens = True
        if training is None:        # Keras 3: neither given nor inherited, the call's own default
            training = default_training(type(self))
        elif training is _EXPLICIT_NONE:    # given as None: call() gets None (a RandomFlip leaves x as it is)
            training = None
        if self._losses:            # the activity losses of the call before (model.losses reads the latest)
            self._losses = []
        entry = (self, training)
        if opens:
            context.root = len(entries)
            context.root_entry = entry
        context.training = training
        entries.append(entry)
        return entries, training

    def _input_cast_dtype(self):
        """The dtype ``__call__`` casts floating inputs to (Keras 3's ``input_dtype``): the layer's own;
        a model's Input decides (Sequential, Functional)."""
        return self._dtype if self._compute is None else self._compute

    def _call_with_keywords(self, inputs, *args, training=None, **kwargs):
        return self._call_concrete(inputs, args, kwargs, training)

    def _call_concrete(self, inputs, args, kwargs, training, named=False):
        """``__call__``'s work on concrete inputs; an error raised before ``call`` ran names the layer.
        ``named``: the first argument was given by its name, which Keras 3 treats as any keyword argument
        (nothing refused; its arrays converted, Python values and composites passed as they are)."""
        given = inputs          # what an error's "Arguments received" shows where Keras 3 converts nothing
        try:
            mixed = self._compute
            if named and not self._allow_non_tensor_positional_args:
                inputs = convert_argument(inputs, self._input_cast_dtype() if self.autocast else None)
            else:
                if type(inputs) not in _PLAIN_INPUTS:
                    if not self._allow_non_tensor_positional_args:
                        _refuse_python_values(inputs)
                    if self.input_spec is not None:     # Keras 3 checks the spec before any conversion can fail
                        refuse_shapeless(self, inputs)
                    elif inputs is None:
                        self._refuse_none(args, kwargs, training)
                if mixed is None:
                    if type(inputs) is not Tensor or inputs._data.dtype is not self._dtype:    # (else nothing to convert)
                        # Keras 3 casts floating inputs to the layer's dtype unless the layer is autocast=False
                        inputs = convert_inputs(inputs, self._input_cast_dtype() if self.autocast else None,
                                                self._keeps_composite_inputs)
                elif self.autocast:           # Keras 3 casts every floating argument to the compute dtype
                    inputs = convert_inputs(inputs, self._input_cast_dtype(), self._keeps_composite_inputs)
                else:
                    inputs = convert_inputs(inputs, None, self._keeps_composite_inputs)
            if (args or kwargs) and self.keras_converts_inputs:
                # Keras 3 converts the other arguments' arrays too (and casts floating ones where it autocasts)
                args, kwargs = convert_arguments(args, kwargs, (mixed or self._dtype) if self.autocast else None)
            if args or kwargs or type(inputs) in _NESTS:
                refuse_mixed_arguments(self, inputs, args, kwargs)      # (Keras 3's CallSpec, after conversion)
            # (before ``training`` is inherited: Keras binds the call's own arguments first)
            unbuilt = None if self.built else _before_first_run(self, args, training)
            given_none = training is _EXPLICIT_NONE     # (call() gets it, as Keras passes what it was given)
            entries, training = self._enter_call(training)
            shown_twice = _SHOWN_ONCE
            try:
                if not self.built:
                    if self.input_spec is not None:        # e.g. a rank the layer cannot build for
                        check_spec(self, inputs)
                    if builds_by_calling(self):
                        # Keras 3 builds a layer without a build() whose sublayers are unbuilt by running
                        # its call once symbolically, which shows the call's prints twice, and, once that
                        # run has succeeded, names a KerasTensor per output (taken after the call below)
                        shown_twice = BuildRun(self, (inputs, args, kwargs))
                    # (a first argument given by name builds from a shape only where it is a tensor argument)
                    if (self.keras_converts_inputs and not named) or is_tensor_argument(inputs if named else given) \
                            or build_shapes.shape_names(type(self)):
                        self._build_for(inputs, args, kwargs)
                    else:
                        # Keras 3 builds from the shapes of tensor arguments only, and a layer that converts
                        # nothing (TextVectorization, Hashing, ...) given a list or an array (or a tuple
                        # holding one) has none: build(None), and the build config says {'input_shape': None}
                        self._build_from_shape(None)
                        self.__dict__['_build_shapes_dict'] = {'input_shape': None}
                spec = self.input_spec
                if spec is not None:
                    if type(inputs) is Tensor and type(spec) is InputSpec:
                        spec.check(self, inputs._data.shape)
                    else:
                        check_spec(self, inputs)
                passes_training = False
                if training is not None or given_none:
                    accepts = TAKES_TRAINING.get(type(self))       # cached per class (accepts_training)
                    if accepts or (accepts is None and accepts_training(type(self))):
                        kwargs['training'] = training
                        passes_training = True
                try:
                    if shown_twice is _SHOWN_ONCE and mixed is None:
                        # every call after the first: no context. The usual calls, (inputs) and (inputs,
                        # training=...), are spelled out: CPython 3.11 runs a call through *args / **kwargs
                        # in a fresh interpreter loop, after building a tuple and a dict (~0.3 us a call)
                        if args or len(kwargs) > passes_training:
                            outputs = self.call(inputs, *args, **kwargs)
                        elif passes_training:
                            outputs = self.call(inputs, training=training)
                        else:
                            outputs = self.call(inputs)
                    else:
                        # one context per call: a mixed policy's weight casts join the print guard (autocast.within)
                        with shown_twice if mixed is None else autocasting.within(shown_twice, self, mixed):
                            outputs = self.call(inputs, *args, **kwargs)
                except CAUGHT_IN_CALL as err:
                    # from None, as Keras's traceback filter raises it: one traceback (err stays its __context__)
                    raise call_error(err, self, inputs if self.keras_converts_inputs else given, args,
                                      kwargs) from None
                if shown_twice is not _SHOWN_ONCE and not shown_twice.failed:
                    # the symbolic build run's tensor outputs, one KerasTensor name each (not its None or
                    # Python values), so that later KerasTensors are numbered as in Keras (the masking guide
                    # prints one); a failed run names none
                    for output in nest.flatten(outputs):
                        if isinstance(output, (Tensor, CompositeTensor)):
                            naming.unique_name('keras_tensor')
                if trace_names.ACTIVE:
                    name_traced_outputs(self, outputs, inputs)
                if self.activity_regularizer is not None:     # in the call's scope, as Keras 3 adds them
                    self._add_activity_losses(outputs)
            except Exception as err:
                if unbuilt is not None and not failed_build.keeps_build(err):    # (see failed_build)
                    failed_build.after_failed_call(unbuilt, None if shown_twice is _SHOWN_ONCE else shown_twice)
                raise
            finally:
                entries.pop()
                if not entries:
                    call_context.STATE.root_entry = None
        except (TypeError, ValueError) as err:
            name_layer(err, self)
            raise
        except AttributeError:
            if '_dtype' not in self.__dict__:       # Layer.__init__ never ran: Keras 3's words for it
                raise super_not_called(self) from None
            raise
        return outputs

    def _refuse_none(self, args, kwargs, training):
        """Raise what Keras 3 raises for ``layer(None)`` on a layer without an input spec: it passes None
        to call(), whose first op fails converting it. (Sequential says which Input is not optional.)"""
        try:
            convert_inputs(None, None)
        except ValueError as err:
            raise self._none_call_error(err, args, kwargs, training) from None

    def _none_call_error(self, err, args, kwargs, training):
        """``err``, raised for a None input, worded as an error of this layer's call()."""
        if training is not None and (TAKES_TRAINING.get(type(self)) or accepts_training(type(self))):
            kwargs = dict(kwargs, training=training)
        return call_error(err, self, None, args, kwargs)

    def _build_for(self, inputs, args=(), kwargs=None):
        names = build_shapes.shape_names(type(self))
        if names:       # build(self, a_shape, b_shape): the shapes of call's arguments by name (Keras 3)
            self._build_from_shapes_dict(build_shapes.shapes_dict(self, names, inputs, args, kwargs or {}))
            return
        self._build_from_shape(shape_of(inputs))     # a None batch in a build for any batch (call_inputs)

    def _warn_unbuilt_state(self):
        """Keras 3's default build's warning: no build of its own, and sublayers left unbuilt."""
        if type(self).build is Layer.build and any(not sub.built for sub in tracking.direct_sublayers(self)):
            warn_unbuilt_state(self.name)

    def _build_from_shape(self, shape):
        """Build for ``shape`` and remember it (``get_build_config``) and where it was built (``path``)."""
        if build_shapes.takes_no_shape(type(self)):      # def build(self): Keras 3 matches no shape, records {}
            self._build_from_shapes_dict({})
            return
        self.__dict__['_built_path'] = layer_scope(self)
        if type(self).build is not Layer.build:     # the default marks built (below), warning only by hand
            with once():        # a traced step's second trace finds the layer built: its prints show once
                self.build(shape)
        self.built = True
        self._build_input_shape = shape
        self.lock_state()
        deferred_restore.after_build(self)      # checkpoint values waiting for this layer's weights

    def _build_from_shapes_dict(self, shapes):
        """Build with ``build(**shapes)``; ``get_build_config`` then gives ``{'shapes_dict': shapes}``."""
        self.__dict__['_built_path'] = layer_scope(self)
        with once():
            self.build(**shapes)
        self.built = True
        self.__dict__['_build_shapes_dict'] = shapes
        self.lock_state()
        deferred_restore.after_build(self)

    def _add_activity_losses(self, outputs):
        for out in outputs if isinstance(outputs, (list, tuple)) else (outputs,):
            if isinstance(out, Tensor):
                loss = self.activity_regularizer(out)
                if out.ndim > 0 and out.shape[0]:
                    loss = loss / float(out.shape[0])
                if trace_names.ACTIVE:      # a traced step keeps it as a graph tensor ('dense_1/div_no_nan:0')
                    traced_penalties.name_activity_loss(self.activity_regularizer, loss, out)
                self._losses.append(loss)

    def add_loss(self, loss):
        """Add loss tensors to ``losses`` (kept until the layer is called again).

        As Keras 3, ``loss`` may be a nest of tensors (each one is kept), and a Python or NumPy number is
        refused with Keras' ValueError rather than converted: it cannot depend on the weights.
        """
        losses = nest.flatten(loss)
        for each in losses:
            if not isinstance(each, Tensor):
                raise ValueError('`add_loss()` can only be called from inside `build()` or `call()`, on a tensor '
                                 f'input. Received invalid value: {each}')
        self._losses.extend(losses)

    def add_metric(self, *args, **kwargs):
        """Gone in Keras 3, which keeps the name to say so (Hands-On ML's ``self.add_metric(...)`` in call)."""
        raise NotImplementedError('Layer `add_metric()` method is deprecated. Add your metric in '
                                  '`Model.compile(metrics=[...])`, or create metric trackers in init() or build() '
                                  'when subclassing the layer or model, then call `metric.update_state()` whenever '
                                  'necessary.')

    def stateless_call(self, trainable_variables, non_trainable_variables, *args, return_losses=False, **kwargs):
        """``call(*args, **kwargs)`` with the variables given those values, changing none of them (Keras 3).

        Returns:
            ``(outputs, non_trainable_variables)``: the latter's values after the call; with
            ``return_losses``, the losses the call added as a third item.
        """
        return stateless_call(self, trainable_variables, non_trainable_variables, args, kwargs, return_losses)

    @property
    def quantization_mode(self):
        """None: tapeflow quantizes no layer (Keras 3 gives the policy's mode, None unless quantized)."""
        return None

    def quantize(self, mode=None, type_check=True, config=None, **kwargs):
        """Keras 3's argument checks, then its refusal: tapeflow has no quantized kernels."""
        refuse_quantize(self, mode, config)

    supports_jit = True     # Keras 3's attribute (XLA's jit_compile may be used)

    @property
    def call_signature_parameters(self):
        """The names of ``call``'s parameters, as Keras 3 lists them."""
        return list(inspect.signature(self.call).parameters)

    # ---- functional API: the tensors of the first symbolic call (Keras 3) --------------
    @property
    def input(self):
        """The KerasTensor(s) the layer was first called on (see ``functional``)."""
        return first_call_tensors(self, 'input')

    @property
    def output(self):
        """The KerasTensor(s) the layer's first symbolic call returned."""
        return first_call_tensors(self, 'output')

    def __repr__(self):
        # Keras's Python class name where tapeflow's class bears the exported one (GroupQueryAttention is Keras's
        # GroupedQueryAttention: TF 2.21 prints '<GroupedQueryAttention name=..., built=False>'); a subclass's own
        kind = type(self)
        return '<%s name=%s, built=%s>' % (vars(kind).get('_keras_class_name', kind.__name__), self.name, self.built)


def _before_first_run(layer, args, training):
    """A first (building) call's checks that need the caller's own ``training``, then what
    ``failed_build.undo`` needs (``failed_build.before``)."""
    check_required_training(layer, args, training)
    return failed_build.before(layer)
