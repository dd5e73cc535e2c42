"""Optimizer: the base of every optimizer, with Keras 3's contract.

A subclass names its per-variable slots (``slot_groups``) and writes
``update_step(gradient, variable, learning_rate)`` as the formula it is, on raw
arrays updated in place (``variable._data``), outside any tape. The base does
the rest, in Keras 3's order: validate every (gradient, variable) pair before
touching anything, skip None gradients with a warning, create slots lazily,
unscale (``loss_scale_factor``), accumulate (``gradient_accumulation_steps``),
clip, apply decoupled weight decay, update, apply constraints, update the EMA,
and count the iteration. The math runs in each variable's dtype with the
float32 learning rate cast to it, as in Keras; a Python hyper-parameter that
Keras passes through ``ops.cast`` reaches a float64 variable through float32,
as it does in Keras on TensorFlow (``keras_cast.py``), and one Keras uses in
Python arithmetic at full precision.

State, for saving and restoring (see ``optimizer_state.py``):
    ``variables``                        Keras 3's list: iteration, learning_rate, then the slots
    ``save_own_variables(store)`` / ``load_own_variables(store)``   Keras 3's '0', '1', ... keys
    ``set_weights(arrays)``              the same list, as arrays
    ``get_slot_state(var_list)`` / ``set_slot_state(var_list, state)``
        {'iterations': int, 'slots': [{slot name: array} per variable of var_list],
         'extras': {name: array}} (extras: learning_rate, Nadam's u_product)
"""
import itertools
import operator

import numpy as np
from numpy import ndarray  # (not np.ndarray on hot paths: see backend.py)

from framework import backend, function_init, graph_random_ops
from framework.graph_random_ops import TRACED_CALLS
from framework.indexed_slices import RowGradients
from framework.keras_repr import KerasObjectRepr
from framework.name_scopes import name_scope
from framework.tape import GradientTape
from framework.tensor import convert_to_tensor
from framework.train import deferred_restore
from framework.variable import STATELESS_SCOPES, Variable
from . import clipping, live_hyperparameters
from .arguments import auto_name, check_base_options, resolve_legacy_arguments
from .step_operands import check_loss_scale_factor
from .flat_update import update_plan
from .gradients import check_accumulable, fitted_gradient, not_a_variable, present_gradients, unpacking_error
from .moving_average import overwrite_with_averages, update_moving_averages
from .custom_state import CustomState
from .optimizer_config import OptimizerConfig
from .optimizer_learning_rate import OptimizerLearningRate
from .optimizer_state import OptimizerState
from .schedules import LearningRateSchedule
from .schedules.learning_rate_schedule import divide_by_constant
from .traced_hyperparameters import as_traced
from .slots import SlotStore, keras_state
from .weight_decay import WeightDecay

_CONSTRAINT, _NONES = itertools.repeat('constraint'), itertools.repeat(None)      # arguments for map()


class Optimizer(KerasObjectRepr, OptimizerState, CustomState, OptimizerLearningRate, OptimizerConfig):
    """Base optimizer (Keras 3 ``keras.optimizers.Optimizer``).

    Args:
        learning_rate: a float, a ``LearningRateSchedule`` (called with the
            iteration count before it is incremented) or a zero-argument callable.
            ``lr=`` is accepted as a deprecated alias.
        weight_decay: decoupled weight decay: ``var -= var * weight_decay * lr``
            before each update.
        clipnorm / clipvalue / global_clipnorm: clip each gradient's norm, each
            element, or the norm of all gradients together; at most one.
        use_ema, ema_momentum, ema_overwrite_frequency: keep an exponential moving
            average of the weights (``finalize_variable_values`` writes it back).
        loss_scale_factor: gradients are divided by it before anything else.
        gradient_accumulation_steps: update every N calls with the mean gradient.
        name: defaults to the snake-case class name, made unique.
    Raises:
        TypeError: an unknown keyword argument (the message suggests the closest one).
        ValueError: more than one clipping option, or an out-of-range value.
    """

    def __init__(self, learning_rate, weight_decay=None, clipnorm=None, clipvalue=None,
                 global_clipnorm=None, use_ema=False, ema_momentum=0.99, ema_overwrite_frequency=None,
                 loss_scale_factor=None, gradient_accumulation_steps=None, name=None, **kwargs):
        learning_rate = resolve_legacy_arguments(type(self), learning_rate, kwargs)
        self.name = name if name is not None else auto_name(type(self).__name__)
        if not isinstance(self.name, str) or '/' in self.name:       # Keras 3's name-scope check
            raise ValueError('Argument `name` must be a string and cannot contain character `/`. Received: '
                             'name=%s' % (name,))
        # (after naming, as Keras 3: a refused optimizer has used up its auto name, the next Adam is 'adam_1')
        check_base_options(weight_decay, clipnorm, clipvalue, global_clipnorm, use_ema, ema_momentum,
                           ema_overwrite_frequency, gradient_accumulation_steps)
        self.weight_decay = weight_decay
        self.clipnorm = clipnorm
        self.clipvalue = clipvalue
        self.global_clipnorm = global_clipnorm
        self.use_ema = use_ema
        self.ema_momentum = ema_momentum
        self.ema_overwrite_frequency = ema_overwrite_frequency
        self.loss_scale_factor = loss_scale_factor
        self.gradient_accumulation_steps = gradient_accumulation_steps
        self.built = False
        # the 1-based step while an update runs, and per_step's values: held in objects the update changes
        # in place, so that no step's bookkeeping goes through __setattr__'s tracker
        self._update_step = _UpdateStep()
        self._per_step_cache = {}
        self._flat_plan = None            # see flat_update.update_plan
        self._scratch = {}                # see scratch.py
        self._slots = SlotStore(self.name)
        self._weight_decay = WeightDecay()
        self._iterations = self._slots.track(
            keras_state(0, 'int64', 'iteration', self.name, 'only_first_replica'))
        self._learning_rate = None
        self._set_learning_rate(learning_rate)

    def __setattr__(self, name, value):
        # Keras 3's tracker: a keras.Variable set on an optimizer at any time (opt.beta_1 = keras.Variable(0.9),
        # a custom optimizer's state) joins optimizer.variables where it stands then (before the slots if set
        # before build, after them if set after), so that .keras files index the optimizer's variables as TF
        # 2.21 does. A tf.Variable is not tracked. (Plain values skip the check at the cost of one isinstance.)
        if isinstance(value, Variable) and '_slots' in self.__dict__ and self._slots.auto_tracking:
            live_hyperparameters.track(self, value)
        object.__setattr__(self, name, value)

    # ---- iterations (the learning rate: optimizer_learning_rate.py) -------------------
    @property
    def iterations(self):
        """The number of updates applied (an int64 Variable; with gradient accumulation, updates made)."""
        if self.gradient_accumulation_steps:
            return convert_to_tensor(np.int64(self._updates_made()))
        return self._iterations

    def _iteration_count(self):
        return int(backend.to_host(self._iterations._data))

    def _updates_made(self):
        """``int(self.iterations)``, read from the data (a MirroredStrategy's variable refuses int())."""
        count, steps = self._iteration_count(), self.gradient_accumulation_steps
        return count // steps if steps else count

    def _local_step(self, dtype):
        """The 1-based number of the update in progress, as Keras's ``iterations + 1``."""
        step = self._update_step.number
        return dtype.type(self._updates_made() + 1 if step is None else step)

    def per_step(self, key, dtype, compute):
        """``compute()`` once per update and dtype: the scalars every variable's
        step shares (bias corrections, schedules), not recomputed per variable."""
        cache = self._per_step_cache
        value = cache.get((key, dtype))
        if value is None:
            value = cache[key, dtype] = compute()
        return value

    @staticmethod
    def xp(variable):
        """numpy or cupy, whichever holds ``variable``'s data."""
        return backend.array_module(variable._data)

    @property
    def variables(self):
        return list(self._slots.variables)

    # ---- slots ----------------------------------------------------------------
    def slot_groups(self):
        """Slot names per group, in the order Keras 3 creates them (a group per ``add_optimizer_variables``)."""
        return []

    def initial_slot_value(self, slot_name):
        return 0.0

    def build_in_scope(self, var_list, first_trace=False):
        """``build`` as Keras 3's apply (and fit) runs it, inside the optimizer's name scope: the
        unnamed variables a build makes (Nadam's momentum product) get paths under the optimizer
        ('nadam/variable'), where a direct ``build`` call leaves them unscoped ('variable').
        ``first_trace``: fit builds early what Keras (on TensorFlow) builds in its train function's
        first trace, where only variable initializers take effect (see ``in_first_trace``)."""
        from layers import call_context     # (late: layers imports optim)
        self._build_scope = self.name
        self._build_in_first_trace = first_trace
        # a keras.Variable a custom build makes has its path under the optimizer's ('custom/count'), as in
        # Keras's apply scope; the slots name themselves (keras_state)
        call_context.enter_name_scope(self.name)
        try:
            # (a build in a first traced call is not run by TF's second trace, which finds it built: its
            # automatic names, Nadam's 'variable', and prints count once, as function_init.once says;
            # Keras's scope is TF's name scope too: a tf.Variable a custom build makes is 'custom/plain:0')
            with function_init.once(), name_scope(self.name):
                self.build(var_list)
        finally:
            call_context.exit_name_scope()
            self._build_scope = None
            self._build_in_first_trace = False
        deferred_restore.after_build(self)      # checkpoint values waiting for the new slots

    def in_first_trace(self):
        """Whether this build runs where Keras builds in a traced function's first trace (fit's
        train step, a ``tf.function``). TensorFlow uses that trace only to lift the new variables'
        initializers out; the steps run a second trace, made once the optimizer is built, so an
        assignment the build makes never happens."""
        return getattr(self, '_build_in_first_trace', False) or graph_random_ops.current() is not None

    def build(self, var_list):
        """Create the slots of every variable in ``var_list``. A built optimizer builds nothing more, as
        Keras 3's optimizers return at once there (its state is laid out for the first variables:
        applying gradients to another variable raises 'Unknown variable')."""
        if self.built:
            return
        new, seen = [], set()     # a set: Variables hash by identity (``==`` is elementwise)
        for index, variable in enumerate(var_list):
            if not isinstance(variable, Variable):
                raise not_a_variable(index, variable, 'build')
            if variable not in self._slots and variable not in seen:
                seen.add(variable)
                new.append(variable)
        groups = [('average',)] if self.use_ema else []
        if self.gradient_accumulation_steps:
            groups.append(('gradient_accumulator',))
        for group in groups + list(self.slot_groups()):
            for variable in new:
                for name in group:
                    self._slots.add(variable, name, self.initial_slot_value(name))
        for variable in new:
            self._slots.register(variable)
        self.built = True
        self.build_more(var_list, new)
        # TensorFlow restores a waiting checkpoint value as each variable is created: a direct
        # build() shows restored slots, and what a subclass's build assigns after this call
        # (ScheduleFreeAdamW's copy of the weights) overwrites them.
        deferred_restore.after_build(self)

    def build_more(self, var_list, new):
        """A subclass's own state, made after the slots of ``new`` (the variables without any yet)
        and before a waiting checkpoint restores them all."""

    def get_slot(self, variable, slot_name):
        """The slot Variable ``slot_name`` (e.g. 'momentum') of ``variable``."""
        return self._slots.get(variable, slot_name)

    def get_slot_names(self):
        return [name for group in self.slot_groups() for name in group]

    # ---- applying gradients -----------------------------------------------------
    def apply_gradients(self, grads_and_vars):
        """Apply (gradient, variable) pairs (a list, or a zip / generator consumed once).

        Returns:
            the ``iterations`` Variable.
        Raises:
            TypeError: an item that is not a pair, a non-Variable, or a gradient
                that is not a Tensor or array.
            ValueError: a gradient of the wrong shape or device, or no gradient at all.
            Nothing is changed when it raises.
        """
        try:
            pairs = list(grads_and_vars)
        except TypeError:       # Keras 3 unpacks them with zip(*pairs): its words for what is no iterable
            if hasattr(grads_and_vars, '__iter__'):
                raise
            raise TypeError('zip() argument after * must be an iterable, not %s'
                            % type(grads_and_vars).__name__) from None
        if not pairs:       # Keras 3 unpacks them with zip(*pairs), which fails on none
            error = ValueError('not enough values to unpack (expected 2, got 0)')
            error.add_note('apply_gradients: received no (gradient, variable) pairs (an empty list, or a zip '
                           'already consumed); pass zip(grads, model.trainable_variables)')
            raise error
        for i, pair in enumerate(pairs):
            if not isinstance(pair, (tuple, list)) or len(pair) != 2:
                raise unpacking_error(pairs, i)
        self.apply([g for g, _ in pairs], [v for _, v in pairs])
        return self._iterations

    def apply(self, grads, trainable_variables=None):
        """Apply ``grads`` to ``trainable_variables`` (default: the variables it was built on)."""
        if TRACED_CALLS[0] and not self._holding_traced:    # (the eager step pays this test alone)
            return self._apply_as_traced(grads, trainable_variables)
        grads = list(grads)
        if trainable_variables is None:
            if not self.built:
                raise ValueError('When passing `grads` without `variables`, the optimizer must already be built on a '
                                 'list of variables. Call `optimizer.build(trainable_variables)` first. ')   # Keras 3's
            variables = self._slots.model_variables()
            if len(grads) != len(variables):      # Keras 3's words (its typo included)
                raise ValueError('When passing `grads` as a list of gradient tensors, the gradients must match '
                                 '`optimizer.variables` one-to-on. Received a list of %d gradients, but the optimizer '
                                 'is tracking %d trainable variables.' % (len(grads), len(variables)))
        else:
            variables = list(trainable_variables)
        if len(grads) != len(variables):      # Keras 3 zips them: the longer list's tail goes unused
            grads, variables = grads[:len(variables)], variables[:len(grads)]
        if not grads:
            return
        # Every pair is checked before the first change, so a failing call changes nothing.
        grads, present = present_gradients(grads, variables, self)
        if not self.built:
            self.build_in_scope(variables)
        elif not all(map(self._slots.has_slots, variables)):
            self._check_variables_are_known(variables)      # raises: Keras 3 builds only once
        else:
            deferred_restore.after_build(self)      # checkpoint values for slots restored since
        variables = present
        if self.loss_scale_factor is not None:
            check_loss_scale_factor(self.loss_scale_factor, grads)
            if self._defers_scale(grads, self.gradient_accumulation_steps or self.clipnorm or
                                  self.global_clipnorm or self.clipvalue):
                self._gradient_scale = _ReciprocalOf(self.loss_scale_factor)
            else:
                grads = [divide_by_constant(g, g.dtype.type(self.loss_scale_factor)) for g in grads]
        try:
            if self.gradient_accumulation_steps:
                self._accumulate(grads, variables)
            else:
                self._update(grads, variables)
        finally:
            if self._gradient_scale is not None:
                self._gradient_scale = None
        if self.use_ema:
            self._update_moving_averages()
        # Constraints come after the moving average (and its overwrite), as in Keras 3's apply: the average
        # follows the unconstrained weights, and overwritten weights are constrained.
        # (each variable's constraint looked up in C, as getattr(variable, 'constraint', None): most have none)
        if any(map(operator.is_not, map(getattr, variables, _CONSTRAINT, _NONES), _NONES)):
            for variable in variables:
                constraint = getattr(variable, 'constraint', None)
                if constraint is not None:
                    variable.assign(constraint(variable))
        if STATELESS_SCOPES:      # inside keras.StatelessScope the scope keeps the count, as Keras's assign_add
            STATELESS_SCOPES[-1].claim(self._iterations)
        count = self._iterations._data
        if type(count) is ndarray:
            count[()] = count[()] + 1       # a scalar add: a 0-d array's in-place ufunc costs 4x more
        else:
            count += 1

    _holding_traced = False

    def _apply_as_traced(self, grads, trainable_variables):
        """``apply`` in a traced step, holding the hyper-parameters its trace saw (traced_hyperparameters.py)."""
        self._holding_traced = True
        try:
            with as_traced(self, trainable_variables):
                return self.apply(grads, trainable_variables)
        finally:
            del self._holding_traced

    def _step_without_batch(self):
        """The part of one update that waits for no gradient. TensorFlow runs it even in a traced train
        step whose batch never came: Keras 3's fit calls its train function once more at the end of a
        dataset of unknown length, and the iterator's OutOfRange error stops only the ops that wait for
        the batch. The step count advances (and Nadam's u_product); with gradient accumulation Keras
        counts inside a branch that waits for the gradients."""
        if self.gradient_accumulation_steps or not self.built:
            return
        self._advance_step_state()
        count = self._iterations._data
        count[...] = count + 1

    def _advance_step_state(self):
        """Optimizer-wide state an update advances before the variables' updates (Nadam's u_product)."""

    def _check_variables_are_known(self, variables):
        """Keras 3 updates only the variables an optimizer was first built with (its state is laid out
        for them): a new one raises, even one whose gradient is None."""
        for variable in variables:
            if variable not in self._slots:
                raise ValueError('Unknown variable: %r. This optimizer can only be called for the variables it '
                                 'was originally built with. When working with a new set of variables, you should '
                                 'recreate a new optimizer instance.' % (variable,))

    def _accumulate(self, grads, variables):
        """Add the gradients to the accumulators; every ``gradient_accumulation_steps``-th call, update
        with their mean and zero them."""
        steps = self.gradient_accumulation_steps
        # Keras sums an IndexedSlices into its dense accumulator, and the update
        # then sees dense gradients: rows are summed here.
        grads = [g.dense() if type(g) is RowGradients else g for g in grads]
        accumulators = [self._slots.get(v, 'gradient_accumulator')._data for v in variables]
        if self._recast_gradients:
            check_accumulable(grads, accumulators)
        if (self._iteration_count() + 1) % steps:
            for accumulator, grad in zip(accumulators, grads):
                accumulator += grad
            return
        if self._defers_scale(grads, self.clipnorm or self.global_clipnorm or self.clipvalue):
            self._gradient_scale = _ReciprocalOf(steps)
            self._update([g + a for g, a in zip(grads, accumulators)], variables)
        else:
            self._update([divide_by_constant(g + a, g.dtype.type(steps)) for g, a in zip(grads, accumulators)],
                         variables)
        for accumulator in self._slots.arrays_named('gradient_accumulator'):
            accumulator[...] = 0

    def _update(self, grads, variables):
        for variable in variables:
            variable._detach()      # a tape may still hold the old values (see framework/tape.py)
        if self.clipnorm or self.global_clipnorm or self.clipvalue:       # (no call on the common path)
            if self.global_clipnorm and self.global_clipnorm > 0 and not self.clipnorm and not self.clipvalue \
                    and self._defers_scale(grads):      # (a bound <= 0 clips nothing, as in Keras 3)
                self._gradient_scale = _ScaleOf(clipping.global_norm_scale(grads, self.global_clipnorm))
            else:
                grads = self._clip_gradients(grads)
        if self._recast_gradients:        # (set by checked_gradient alone: the usual step never casts)
            self._recast_gradients = False
            grads = [fitted_gradient(g, v) for g, v in zip(grads, variables)]
        lr = self._learning_rate_value()
        self._apply_weight_decay(variables, lr)
        steps, count = self.gradient_accumulation_steps, self._iteration_count()
        update_step = self._update_step
        update_step.number = (count // steps if steps else count) + 1     # int(self.iterations) + 1 (_updates_made)
        self._per_step_cache.clear()
        try:
            self._update_variables(grads, variables, lr)
        finally:
            update_step.number = None

    # An optimizer whose traced update multiplies the gradient by a scalar rate (SGD) says so: where
    # the gradient itself comes out of a product with a scalar (loss_scale_factor's or gradient
    # accumulation's 1 / n, global_clipnorm's scale), a returning traced step's graph multiplies the
    # two scalars first (grappler's MinimizeBroadcasts), so that one factor waits in
    # ``_gradient_scale`` for update_step to merge, instead of scaling the gradients beforehand.
    merges_gradient_scale = False
    _gradient_scale = None
    # Set where a floating gradient of another dtype than its variable's was kept in its own dtype, or one
    # smaller than its variable in its own shape, for unscaling and clipping (optim/gradients.py
    # checked_gradient): _update casts and broadcasts it afterwards.
    _recast_gradients = False

    def _defers_scale(self, grads, other_factor=False):
        """Whether the gradients' one scalar factor is left to update_step (see merges_gradient_scale)."""
        return (self.merges_gradient_scale and not other_factor and self._gradient_scale is None
                and graph_random_ops.pushes_constants() and not any(type(g) is RowGradients for g in grads))

    # Whether ``update_step`` treats every element on its own, so that one call on
    # many variables concatenated (flat_update.FlatGroup) gives the same bits as
    # one call per variable. The built-in optimizers say so; a user subclass
    # (whose step might take a norm of the whole variable) opts in explicitly.
    elementwise_update = False

    def __getstate__(self):
        # The flat update plan is a cache of buffers whose views are the variables' values, keyed by
        # the variables' ids: a copy or a saved object (tf.saved_model.save of a model trained by fit)
        # must not carry it, since its buffers would no longer be those views; the first step rebuilds it.
        state = dict(self.__dict__)
        state['_flat_plan'] = None
        state['_scratch'] = {}          # (reused buffers: nothing to keep)
        return state

    def __init_subclass__(cls, **kwargs):
        super().__init_subclass__(**kwargs)
        # A subclass that rewrites update_step no longer vouches for its parent's flag.
        if 'update_step' in vars(cls) and 'elementwise_update' not in vars(cls):
            cls.elementwise_update = False

    def _update_variables(self, grads, variables, lr):
        """``update_step`` per variable (Keras's ``_backend_update_step``; Nadam extends it),
        or per FlatGroup of small variables when the update is elementwise."""
        rates = {}      # the rate cast once per dtype, not once per variable
        if RowGradients in {*map(type, grads)}:     # (the types seen in C: rows are rare)
            sparse = [i for i, g in enumerate(grads) if type(g) is RowGradients]
            # Rows (a variable read through gathers) take their own step, one variable at a time.
            for i in sparse:
                dtype = variables[i]._data.dtype
                self.sparse_update_step(grads[i], variables[i], rates.setdefault(dtype, lr.astype(dtype)))
            dense = [i for i in range(len(grads)) if type(grads[i]) is not RowGradients]
            grads, variables = [grads[i] for i in dense], [variables[i] for i in dense]
        if self.elementwise_update and len(variables) > 1:
            work = []
            for group, indices in update_plan(self, variables):
                if group is None:
                    work.extend((grads[i], variables[i]) for i in indices)
                else:
                    work.append((group.prepare(list(map(grads.__getitem__, indices))), group))
        else:
            work = zip(grads, variables)
        for grad, variable in work:
            dtype = variable._data.dtype
            rate = rates.get(dtype)
            if rate is None:
                rate = rates[dtype] = lr.astype(dtype)
            self.update_step(grad, variable, rate)

    def update_step(self, gradient, variable, learning_rate):
        """Update ``variable._data`` (and its slots) in place from ``gradient``, both raw arrays of
        the variable's dtype; ``learning_rate`` is a scalar of that dtype. Not abstract, as in Keras 3:
        the base class and a subclass that overrides ``apply_gradients`` instead can be built."""
        raise NotImplementedError

    def sparse_update_step(self, gradient, variable, learning_rate):
        """``update_step`` for an IndexedSlices gradient (``gradient``: RowGradients of raw arrays).

        Keras 3 (TensorFlow backend) applies its ops to the rows one by one and sums
        repeated rows only where a dense operand meets them. Where the formula is
        linear in the gradient that is the dense step on the summed rows, which is
        this default; optimizers that square the gradient (or take its absolute
        value) override it, since there a repeated row's terms are summed after
        squaring (see framework/indexed_slices.py).
        """
        self.update_step(gradient.dense(), variable, learning_rate)

    def _clip_gradients(self, grads):
        if self.clipnorm and self.clipnorm > 0:
            return [clipping.clip_by_norm(g, self.clipnorm) for g in grads]
        if self.global_clipnorm and self.global_clipnorm > 0:
            return clipping.clip_by_global_norm(grads, self.global_clipnorm)
        if self.clipvalue and self.clipvalue > 0:
            return [clipping.clip_by_value(g, self.clipvalue) for g in grads]
        return grads

    # ---- weight decay and the moving average of the weights --------------------------
    def exclude_from_weight_decay(self, var_list=None, var_names=None):
        """Exempt variables from weight decay: those in ``var_list``, and those whose name contains
        any string of ``var_names`` (e.g. ['bias']); each call replaces the last one's choice. As in
        Keras 3 (whose check for a built optimizer reads an attribute it never sets), a call after
        updates have begun holds from the next update on."""
        self._weight_decay.exclude(var_list, var_names)

    def _apply_weight_decay(self, variables, lr):
        """Keras 3's decoupled decay, before the update (``lr``: the step's rate, a host scalar).
        Muon overrides it: it decays its Adam-stepped variables by another rate."""
        if self.weight_decay is not None:
            factors = None
            if graph_random_ops.current() is not None and isinstance(self._learning_rate, LearningRateSchedule):
                factors = self._learning_rate.product_factors(self._iterations)
            self._weight_decay.apply(variables, self.weight_decay, lr, factors)

    def _update_moving_averages(self):
        step = self._updates_made()
        update_moving_averages(self._slots, step, self.ema_momentum)
        if self.ema_overwrite_frequency and (step + 1) % self.ema_overwrite_frequency == 0:
            overwrite_with_averages(self._slots, self._slots.model_variables())

    def finalize_variable_values(self, var_list):
        """With ``use_ema``, overwrite each variable with its moving average (end of training)."""
        if self.use_ema:
            overwrite_with_averages(self._slots, var_list)

    def scale_loss(self, loss):
        """``loss`` times ``loss_scale_factor`` (as it is without one), as Keras 3's ``train_step``
        scales it before differentiating; ``apply`` divides the gradients by the same factor."""
        if self.loss_scale_factor is not None:
            return loss * self.loss_scale_factor
        return loss

    # ---- Keras 2's minimize ----------------------------------------------------------
    def minimize(self, loss, var_list, tape=None):
        """Compute gradients of ``loss`` (a zero-argument callable, or a Tensor with its ``tape``)
        with respect to ``var_list`` (a list or a callable returning one) and apply them."""
        if not callable(loss) and tape is None:
            raise ValueError('minimize: `tape` is required when a Tensor loss is passed; '
                             'or pass the loss as a zero-argument callable')
        tape = tape if tape is not None else GradientTape()
        if callable(loss):
            with tape:
                if not callable(var_list):
                    tape._watch(var_list)
                loss = loss()
        var_list = list(var_list() if callable(var_list) else var_list)
        grads = tape.gradient(loss, var_list)
        return self.apply_gradients(zip(grads, var_list))


# Keras 3 defines these on BaseOptimizer: a call with a Keras 2 keyword (apply_gradients(..., name=...),
# experimental_aggregate_gradients=...) says "BaseOptimizer.apply_gradients() got an unexpected keyword
# argument 'name'", bound methods print so, and Optimizer() says "BaseOptimizer.__init__() missing 1 required
# positional argument: 'learning_rate'"
for _method in (Optimizer.__init__, Optimizer.apply_gradients, Optimizer.apply):
    _method.__qualname__ = 'BaseOptimizer.' + _method.__name__
del _method


class _UpdateStep:
    """The 1-based number of the update in progress (None between updates)."""
    __slots__ = ('number',)

    def __init__(self):
        self.number = None


class _ReciprocalOf:
    """A deferred gradient factor ``1 / n`` in the gradient's dtype (a division by a constant, which a
    traced graph multiplies by: see divide_by_constant)."""
    __slots__ = ('n',)

    def __init__(self, n):
        self.n = n

    def __call__(self, dtype):
        return dtype.type(1) / dtype.type(self.n)


class _ScaleOf:
    """A deferred gradient factor: global_clipnorm's scale, cast to the gradient's dtype."""
    __slots__ = ('scale',)

    def __init__(self, scale):
        self.scale = scale

    def __call__(self, dtype):
        return self.scale.astype(dtype)[()]
