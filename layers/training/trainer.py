"""Trainer: compile, the overridable steps, and the metrics of a Model (Keras 3's ``Trainer``).

``train_step`` is the loop a user would write: a GradientTape around the
forward pass and the loss, ``tape.gradient``, ``optimizer.apply_gradients``.
``fit``, ``train_on_batch`` and a custom ``train_step`` all go through it;
there is no second, faster path to drift from it.
"""
import contextlib
import inspect
import numbers
import warnings

import numpy as np

from framework import distribute, graph_random_ops
from framework import metrics as metrics_module
from framework import nest
from framework.errors import OpError, noted
from framework.ops import add_n, ones_like, reduce_sum
from framework.tape import GradientTape
from framework.tensor import Tensor
from framework.train.tracked_containers import wrapped as tf_wrapped
from optim.gradients import unknown_variables_first
from optim.loss_scale_optimizer import LossScaleOptimizer
from optim.merge_call_in_cond import refuse_merge_call_in_cond
from optim.optimizer import Optimizer
from optim.traced_hyperparameters import as_traced

from ..call_inputs import names_training
from ..layer_metrics import model_metrics
from ..step_graph_errors import raise_as_graph_run
from .compile import resolve_optimizer
from .compile_loss import CompiledLoss
from .compile_metrics import CompileMetrics
from .keras2_shims import Keras2Shims
from .array_conversion import to_arrays
from .batch_structure import unpack_x_y_sample_weight
from .class_weights import class_weight_to_sample_weights
from . import predict_none, predict_outputs, step_functions, step_retracing
from .step_traces import input_shapes
from .traced_batch import given_dtypes, on_batch_key
from .logs import LiveLogs, pythonify_logs
from .on_batch_datasets import refuse_dataset_batch
from .target_errors import as_given_on_batch
from .loops import TrainingLoops
from .traced_logs import step_function_logs
from .traced_losses import kept_losses
from .traced_norm_modes import TracedVariables, restore as restore_norm_modes, switch_to_traced, traced_trainables


CUSTOM_COMPILE_NOT_CALLED = ("`compile()` was not called as part of model loading because the model's `compile()` "
                             'method is custom. All subclassed Models that have `compile()` overridden should also '
                             'override `get_compile_config()` and `compile_from_config(config)`. Alternatively, you '
                             'can call `compile()` manually after loading.')      # Keras 3's words


class Trainer(Keras2Shims, TrainingLoops):
    """Mixin of ``Model``: ``compile`` and the train/test/predict steps."""

    # Class-level defaults: a model is usable (predict, summary) before compile.
    compiled = False
    # (no optimizer either: Keras 3's compile sets it, so model.optimizer on a model never compiled, or
    # loaded with compile=False, is AttributeError "'Sequential' object has no attribute 'optimizer'")
    loss = None
    # (no history: Keras 3's model has none until fit's History callback sets it, so model.history before
    # fit is AttributeError "'Sequential' object has no attribute 'history'"; no stop_training before
    # compile or fit, no stop_evaluating / stop_predicting before evaluate / predict, which set them)
    run_eagerly = False         # Keras 3's default: steps run as traced functions (random ops seeded as graphs)
    jit_compile = False
    steps_per_execution = 1
    _loss_tracker = None
    _compiled_loss = None
    _compiled_metrics = None
    _distribute_strategy = None     # the strategy whose scope the model was made in (Model.__new__)
    train_function = test_function = predict_function = None      # Keras 3's, until made (step_functions)

    @property
    def distribute_reduction_method(self):
        """How a distributed step's metrics are reduced: 'auto' unless set (Keras 3's TF trainer). As
        there, reading it before any assignment raises AttributeError ('_distribute_reduction_method')."""
        return self._distribute_reduction_method or 'auto'

    @distribute_reduction_method.setter
    def distribute_reduction_method(self, value):
        self.__dict__['_distribute_reduction_method'] = value

    def make_train_function(self, force=False):
        """Set ``train_function``: one call runs ``train_step`` on the next batches of an iterator."""
        return step_functions.made(self, 'train_function', self.train_step, force)

    def make_test_function(self, force=False):
        return step_functions.made(self, 'test_function', self.test_step, force)

    def make_predict_function(self, force=False):
        return step_functions.made(self, 'predict_function', self.predict_step, force)

    @property
    def distribute_strategy(self):
        """The ``tf.distribute`` strategy the model was made under, else the one in scope now."""
        return self._distribute_strategy or distribute.get_strategy()

    def compile(self, optimizer='rmsprop', loss=None, loss_weights=None, metrics=None, weighted_metrics=None,
                run_eagerly=False, steps_per_execution=1, jit_compile='auto', auto_scale_loss=True):
        """Configure the model for training.

        Args:
            optimizer: a name ('adam', 'sgd', 'rmsprop', ...), a config dict or an optimizer.
            loss: a name ('mse', 'binary_crossentropy', ...), a function, a ``Loss``, or a
                list with one per output.
            loss_weights: a float, or one per output, scaling each output's loss.
            metrics: a list of names ('mae', 'accuracy', ...), functions or ``Metric``s.
            weighted_metrics: like ``metrics``, but updated with the sample weights.
            run_eagerly: whether Keras would trace the steps; tapeflow always runs them eagerly,
                but without run_eagerly their unseeded tf.random ops get a graph's seeds, as on TF.
            jit_compile: accepted for Keras programs; saved as Keras resolves it ('auto' is False, as
                on a CPU; True with run_eagerly is False, with Keras's warning).
            auto_scale_loss: under the 'mixed_float16' policy, wrap the optimizer in a
                ``LossScaleOptimizer`` (named 'loss_scale_optimizer'), as Keras 3 does.
            steps_per_execution: batch callbacks (and progress updates) happen once every
                this many steps, as in Keras.
        Raises:
            ValueError: an unknown optimizer, loss or metric name (the message lists the
                valid ones), or metrics that are not a list.
        """
        if not isinstance(steps_per_execution, numbers.Integral):     # TF 2.21: range()'s TypeError, at fit
            raise noted(TypeError("'%s' object cannot be interpreted as an integer" % type(steps_per_execution).__name__),
                        'compile(steps_per_execution=%r): expected a positive integer' % (steps_per_execution,))
        # a numpy integer is a count for Keras 3 (np.int64(2) trains as 2); the loops count in Python ints
        steps_per_execution = int(steps_per_execution)
        if steps_per_execution < 1:
            # TF 2.21's words (its fit loop's range() step); tapeflow refuses it here already
            raise noted(ValueError('range() arg 3 must not be zero' if steps_per_execution == 0 else
                                   'compile(steps_per_execution=%r): expected a positive integer' % (steps_per_execution,)),
                        'compile(steps_per_execution=%r): expected a positive integer' % (steps_per_execution,))
        # Everything is resolved before anything is set: a compile refused for an unknown metric
        # leaves the model as it was (it had swapped in the new optimizer and kept the old loss).
        new_optimizer = resolve_optimizer(optimizer)
        output_names = getattr(self, 'output_names', None)
        # A recompile that leaves out the loss or the metrics keeps the previous ones, as Keras 3
        # does (e.g. compile(optimizer=...) again only to change the learning rate).
        new_loss = None if loss is None else CompiledLoss(loss, loss_weights, output_names,
                                                          weigh_by_batch_size=bool(run_eagerly))
        new_metrics = None if metrics is None and weighted_metrics is None else \
            CompileMetrics(metrics, weighted_metrics, output_names)
        from optim import LossScaleOptimizer
        if auto_scale_loss and new_optimizer is not None and self.dtype_policy.name == 'mixed_float16' \
                and not isinstance(new_optimizer, LossScaleOptimizer):
            new_optimizer = LossScaleOptimizer(new_optimizer, name='loss_scale_optimizer')
            new_optimizer._wraps_compiled = True      # compile_config names the optimizer given
        self.optimizer = new_optimizer
        if new_loss is not None:
            # Keras compiles with its tracking off, so TensorFlow's own wraps a list or dict loss:
            # model.loss prints ListWrapper(['mse']) / DictWrapper({'out': 'mse'}) in TF 2.21
            self._compiled_loss, self.loss = new_loss, tf_wrapped(loss)
        if new_metrics is not None:
            self._compiled_metrics = new_metrics
        self._loss_tracker = metrics_module.Mean(name='loss')
        self.steps_per_execution = steps_per_execution
        self.run_eagerly = run_eagerly          # as given (None stays None), as Keras keeps it
        self._step_random_states = {}       # compile makes new train / test functions: new graphs
        self._traces = None                 # ... traced afresh (see step_traces)
        self.stop_training = False
        self.compiled = True
        if jit_compile == 'auto':
            jit_compile = False             # Keras 3 on TensorFlow without an accelerator
        if jit_compile and run_eagerly:
            jit_compile = False
            warnings.warn('If `run_eagerly` is True, then `jit_compile` cannot also be True. Disabling '
                          '`jit_compile`.', stacklevel=2)
        self.jit_compile = jit_compile
        self._compile_config = dict(optimizer=optimizer, loss=loss, loss_weights=loss_weights, metrics=metrics,
                                    weighted_metrics=weighted_metrics, run_eagerly=run_eagerly,
                                    steps_per_execution=steps_per_execution, jit_compile=jit_compile)

    def get_compile_config(self):
        """Keras 3's serialized compile arguments ({} before compile): the optimizer, Loss and
        Metric objects and functions as config dicts, names as given; what a .keras file's
        compile_config holds and ``compile_from_config`` takes."""
        if not self.compiled:
            return {}
        from ..saving import compile_config
        return compile_config.serialize(self)

    def compile_from_config(self, config):
        """Compile with the arguments a ``get_compile_config()`` dict describes (custom classes and
        functions found through ``register_keras_serializable``); a built model's optimizer is built.

        Raises:
            SavedFileError (a ValueError): a loss, metric or optimizer it cannot find.
        """
        if type(self).compile is not Trainer.compile:
            # Keras 3 does not guess a custom compile's signature: it warns and leaves the model as it is
            warnings.warn(CUSTOM_COMPILE_NOT_CALLED, stacklevel=2)
            return
        from ..saving import compile_config_restore
        from ..saving.model_config import lookup_table
        arguments = compile_config_restore.compile_arguments(config, lookup_table(None), 'compile_from_config')
        # Keras 3 passes the whole dict on: a key compile does not take is its TypeError
        # ("Trainer.compile() got an unexpected keyword argument 'foo'"), auto_scale_loss is taken
        extra = {key: value for key, value in config.items() if key not in arguments and key != 'optimizer_config'}
        self.compile(**arguments, **extra)
        if self.built:
            self.optimizer.build(self.trainable_variables)

    def _assert_compiled(self, method):
        if not self.compiled:
            # Keras 3's words whatever the method (its metrics_module test is always true); tapeflow's a note
            error = ValueError('You must call `compile()` before using the model.')
            error.add_note('%s() needs a compiled model: e.g. model.compile(optimizer="adam", loss="mse")' % method)
            raise error

    # ---- metrics ----------------------------------------------------------------------
    @property
    def metrics(self):
        """The loss tracker, the compiled metrics container, metrics held as attributes, then the
        metrics of the layers below (layer_metrics.py)."""
        out = []
        if self.compiled:
            out.append(self._loss_tracker)
            if self._compiled_metrics is not None:
                out.append(self._compiled_metrics)
            if self._compiled_loss is not None:
                out.extend(self._compiled_loss.metrics)      # '<output>_loss' per output, several outputs
        out.extend(model_metrics(self, (self._loss_tracker, self._compiled_metrics), Trainer))
        return out

    @property
    def metrics_variables(self):
        """The variables of every metric in ``metrics``, in that order (Keras 3)."""
        return [v for m in self.metrics for v in m.variables]

    @property
    def metrics_names(self):
        return [m.name for m in self.metrics]

    def reset_metrics(self):
        for m in self.metrics:
            m.reset_state()

    def get_metrics_result(self):
        """{name: result} of every metric, as tensors (the compiled metrics flattened)."""
        out = {}
        for m in self.metrics:
            result = m.result()
            if isinstance(result, dict):
                out.update(result)
            else:
                out[m.name] = result
        return out

    def _metric_names_in_order(self):
        names = []
        for m in self.metrics:
            # Keras lists the compiled metrics by their own names ('mae', not 'priority_mae')
            names.extend([sub.name for sub in m.metrics] if isinstance(m, CompileMetrics) else [m.name])
        return names

    def _flatten_metrics_in_order(self, logs):
        """[loss, metric, ...] in ``metrics`` order, other keys sorted; one value alone as a scalar."""
        names = self._metric_names_in_order()
        results = [logs[n] for n in names if n in logs] + [logs[k] for k in sorted(logs) if k not in names]
        return results[0] if len(results) == 1 else results

    def _metrics_or_logs(self, logs):
        """The metric results when a step returned them (or nothing), else what the step returned."""
        if logs is None or (isinstance(logs, LiveLogs) and not logs.changed):
            return self.get_metrics_result()
        if isinstance(logs, LiveLogs):
            logs = logs.raw()          # a step added or dropped keys: Keras compares its dict
        if isinstance(logs, dict):
            results = self.get_metrics_result()
            return results if set(results) == set(logs) else logs
        return logs

    # ---- loss -----------------------------------------------------------------------
    def compute_loss(self, x=None, y=None, y_pred=None, sample_weight=None, training=True):
        """The compiled loss plus ``self.losses`` (regularization and ``add_loss``), summed.

        Raises:
            ValueError: when there is nothing to compute (no loss in compile, no added losses).
        """
        losses = []
        if self._compiled_loss is not None:
            value = self._compiled_loss(y, y_pred, sample_weight)
            if value is not None:
                losses.append(value)
        for value in self.losses:
            try:
                scalar = value.ndim == 0
            except AttributeError:      # a regularizer returning 0.5 or None: Keras reads loss.dtype first
                raise AttributeError("'%s' object has no attribute 'dtype'" % type(value).__name__) from None
            losses.append(value if scalar else reduce_sum(value))
        if not losses:
            raise ValueError('No loss to compute. Provide a `loss` argument in `compile()`.')
        if len(losses) == 1:
            return losses[0]
        if _tensors_of_one_dtype(losses):
            return add_n(losses)        # one node; the same left-to-right sums as repeated adds
        total = losses[0]
        for value in losses[1:]:
            total = total + value
        return total

    def _compute_loss(self, x, y, y_pred, sample_weight, training):
        # An override written without ``training`` (Keras 2 style) still works.
        if _takes_training(type(self).compute_loss):
            return self.compute_loss(x, y, y_pred, sample_weight, training=training)
        return self.compute_loss(x, y, y_pred, sample_weight)

    def compute_metrics(self, x, y, y_pred, sample_weight=None):
        """Update the compiled metrics; returns a live view of every metric's result."""
        if self._compiled_metrics is not None:
            self._compiled_metrics.update_state(y, y_pred, sample_weight)
        return LiveLogs(self.get_metrics_result, as_returned=True)

    # ---- steps: override these to customize fit / evaluate / predict ----------------
    def train_step(self, data):
        """One optimization step on a batch ``(x, y)`` or ``(x, y, sample_weight)``; returns the logs."""
        if self.optimizer is None:      # TF's class and first words, checked before the step changes any state
            error = AttributeError("'NoneType' object has no attribute 'apply_gradients'")
            error.add_note("the model was compiled with optimizer=None, so fit has nothing to train with; pass one "
                           "to compile(), e.g. optimizer='adam'")
            raise error
        x, y, sample_weight = unpack_x_y_sample_weight(data)
        # fit's traced step trains what its trace read (StepTraces.trainable), else the variables now;
        # one frozen since that trace is still trained, so the tape must watch it
        trace = self.__dict__.get('_step_trace')
        trainable = trace[0].trainable(trace[1], trace[2]) if trace is not None else None
        if trace is not None and trainable is None and self.built and (
                type(self.optimizer).apply is Optimizer.apply or type(self.optimizer) is LossScaleOptimizer):
            # TF 2.21 traces the step before running any of it: an optimizer built for other variables (a
            # legacy .h5 load) refuses the model's ('Unknown variable: ...') before the forward pass moves a
            # BatchNormalization's statistics or the loss tracker counts the batch. (Wrappers, which keep
            # the slots in their inner optimizers, check as they apply; LossScaleOptimizer asks its inner one.)
            unknown_variables_first(self.optimizer, self.trainable_variables)
        if trace is not None and self._distribute_strategy is not None:
            refuse_merge_call_in_cond(self.optimizer)       # (likewise before the forward pass)
        with GradientTape() as tape:
            if trainable is not None:
                frozen_since = [v for v in trainable if not v.trainable]
                if frozen_since:
                    tape._watch(frozen_since)
            # a BatchNormalization (un)frozen since the trace keeps the trace's mode (traced_norm_modes)
            switched = (switch_to_traced(trainable.norm_modes)
                        if trainable is not None and trainable.norm_modes else ())
            try:
                y_pred = self(x, training=True) if names_training(type(self)) else self(x)
            finally:
                if switched:
                    restore_norm_modes(switched)
            loss = self._compute_loss(x, y, y_pred, sample_weight, training=True)
            # The optimizer's loss scale (LossScaleOptimizer, loss_scale_factor), which its apply divides out.
            # (a replayed step applies the optimizer its trace captured: traced_norm_modes.TracedVariables)
            optimizer = self.optimizer if trainable is None else trainable.optimizer
            if optimizer is None:
                scaled_loss = loss
            else:
                # by the loss_scale_factor the trace saw, as the apply's unscaling (traced_hyperparameters)
                with as_traced(optimizer):
                    scaled_loss = optimizer.scale_loss(loss)
        if trainable is None:
            trainable = self.trainable_variables       # read after the forward pass, which builds the model
            if trace is not None:
                # kept once the step has run: TF 2.21 keeps no trace that raised (a metric it cannot
                # build), so the next step traces again and fails again before applying anything
                read = traced_trainables(self, trainable)
                logs = self._traced_first_step(tape, scaled_loss, loss, trainable, x, y, y_pred, sample_weight)
                trace[0].keep_trainable(trace[1], trace[2], read)
                return logs
        self._loss_tracker.update_state(loss, sample_weight=_batch_weight(x, loss))
        if trainable:
            sources = trainable.plain if type(trainable) is TracedVariables else trainable
            gradients = tape.gradient(scaled_loss, sources)
            optimizer.apply_gradients(zip(gradients, sources))
        elif trace is None:
            # TF 2.21 warns where its train function is traced (once per traced function: a traced step
            # after the first runs no Python), and every step when run eagerly
            warnings.warn('The model does not have any trainable weights.', stacklevel=2)
        return self.compute_metrics(x, y, y_pred, sample_weight=sample_weight)

    def _traced_first_step(self, tape, scaled_loss, loss, trainable, x, y, y_pred, sample_weight):
        """The rest of a train step that traces: the metrics are updated before the optimizer applies
        the gradients. TF 2.21 traces the whole step before running any of it, so a metric that fails
        in Python (an unknown name, None, a function of the wrong arity) raises before any weight or
        the optimizer's iterations change; the metrics read y_pred only, and the logs are a live view
        read after the step, so the order changes no value. Eager steps (run_eagerly) keep Keras's order,
        and so does a compute_metrics of the user's, which may read what the step changed (the optimizer's
        iterations: TF's trace orders those reads after the update)."""
        early = type(self).compute_metrics is Trainer.compute_metrics
        if not trainable:
            # (Keras warns where it would apply, before its compute_metrics: the warning shows even when
            # the compiled metrics then fail to build)
            warnings.warn('The model does not have any trainable weights.', stacklevel=3)
        logs = self.compute_metrics(x, y, y_pred, sample_weight=sample_weight) if early else None
        # (TF's loss tracker, like the weights, is left as it was by a trace that raised)
        self._loss_tracker.update_state(loss, sample_weight=_batch_weight(x, loss))
        if trainable:
            gradients = tape.gradient(scaled_loss, trainable)
            self.optimizer.apply_gradients(zip(gradients, trainable))
        return logs if early else self.compute_metrics(x, y, y_pred, sample_weight=sample_weight)

    def test_step(self, data):
        """Loss and metrics on one batch, without training; returns the logs."""
        x, y, sample_weight = unpack_x_y_sample_weight(data)
        y_pred = self(x, training=False) if names_training(type(self)) else self(x)
        loss = self._compute_loss(x, y, y_pred, sample_weight, training=False)
        self._loss_tracker.update_state(loss, sample_weight=_batch_weight(x, loss))
        return self.compute_metrics(x, y, y_pred, sample_weight=sample_weight)

    def predict_step(self, data):
        """The model's output for one batch."""
        x, _, _ = unpack_x_y_sample_weight(data)
        return self(x, training=False) if names_training(type(self)) else self(x)

    # ---- single batches -----------------------------------------------------------
    def train_on_batch(self, x, y=None, sample_weight=None, class_weight=None, return_dict=False):
        """One ``train_step`` on the given batch; returns the loss (and metrics) for it."""
        self._assert_compiled('train_on_batch')
        if class_weight is not None:
            if sample_weight is not None:
                raise ValueError('Arguments `sample_weight` and `class_weight` cannot be specified at the same time. '
                                 'Received: sample_weight=%s, class_weight=%s' % (sample_weight, class_weight))
            sample_weight = class_weight_to_sample_weights(to_arrays(y, 'y'), class_weight)
        self.reset_metrics()
        dtypes = given_dtypes((x, y, sample_weight))
        batch = _one_batch(self, x, y, sample_weight, 'train_on_batch')
        self._build_optimizer_for_strategy(batch)
        traces = self._step_traces()
        with self._traced_once('train_on_batch', batch, dtypes):
            if traces is not None:      # train_step trains what the serving trace read (OnBatchTrainables)
                self.__dict__['_step_trace'] = (traces.on_batch, on_batch_key('train_on_batch', batch, dtypes),
                                                input_shapes(batch))
            try:
                with self._replica_scope(traces is None):
                    logs = self.train_step(batch)
            except OpError as error:
                self._raise_as_graph_run(error, 'one_step_on_data')
                raise
            except ValueError as error:
                given = as_given_on_batch(error, y)
                if given is not error:
                    raise given from None
                raise
            finally:
                self.__dict__['_step_trace'] = None
        if traces is not None:
            step_retracing.calls_made(1, 'on_batch')     # a call of Keras's one-step function (TF's detector)
        return self._batch_result(logs, return_dict)

    def test_on_batch(self, x, y=None, sample_weight=None, return_dict=False):
        """One ``test_step`` on the given batch; returns the loss (and metrics) for it."""
        self._assert_compiled('test_on_batch')
        self.reset_metrics()
        dtypes = given_dtypes((x, y, sample_weight))
        batch = _one_batch(self, x, y, sample_weight, 'test_on_batch')
        self._build_optimizer_for_strategy(batch)
        with self._traced_once('test_on_batch', batch, dtypes):
            try:
                with self._replica_scope(self._step_traces() is None):
                    logs = self.test_step(batch)
            except OpError as error:
                self._raise_as_graph_run(error, 'one_step_on_data')
                raise
            except ValueError as error:
                given = as_given_on_batch(error, y)
                if given is not error:
                    raise given from None
                raise
        if self._step_traces() is not None:
            step_retracing.calls_made(1, 'on_batch')     # a call of Keras's one-step function (TF's detector)
        return self._batch_result(logs, return_dict)

    def predict_on_batch(self, x):
        """The model's output for ``x`` as a numpy array."""
        dtypes = given_dtypes(x)
        batch = _one_batch(self, x, None, None, 'predict_on_batch')
        with self._traced_once('predict_on_batch', batch, dtypes):
            try:
                with self._replica_scope(self._step_traces() is None):
                    out = self.predict_step(batch)
            except OpError as error:
                self._raise_as_graph_run(error, 'one_step_on_data_distributed')
                raise
        if self._step_traces() is not None:
            # a call of predict's function (TF's retracing detector)
            step_retracing.calls_made(1, step_retracing.predict_family(self.steps_per_execution))
        if type(out) is not Tensor and predict_none.holds_none(out):
            raise predict_none.on_batch_error(out)
        return nest.map_structure(predict_outputs.as_numpy, out)

    def _raise_as_graph_run(self, error, function_name):
        # a traced step's kernel error in TF's graph-run words (step_graph_errors); run eagerly, the kernel's own
        if self._step_traces() is not None:
            raise_as_graph_run(error, function_name)

    def _traced_once(self, kind, batch, dtypes):
        # As Keras's traced function: the step's Python prints on its traces only (step_traces), and
        # its random ops are those of Keras's one-step function called directly, whose kernels are
        # not the copy fit's multi-step function inlines (graph_random_ops).
        traces = self._step_traces()
        shaped = contextlib.nullcontext()
        if traces is not None:
            key, shapes = on_batch_key(kind, batch, dtypes), input_shapes(batch)
            shaped = traces.shaped_step(key, shapes, batch, step_retracing.predict_family(self.steps_per_execution))
        random_ops = self._step_graph_random_state(kind, False, None)
        if random_ops is not None and traces is not None:
            # reduce_retracing: a batch of other shapes traces with the differing axes freed, and grappler's
            # shape-aware rewrites (a single row's LayerNormalization sum) then see a None batch
            random_ops.static_shapes = traces.static_trace(key, shapes)
        if random_ops is None and traces is None:
            return shaped
        stack = contextlib.ExitStack()
        stack.enter_context(shaped)
        if random_ops is not None:
            stack.enter_context(graph_random_ops.running(random_ops))
        stack.enter_context(kept_losses(self, traces, shaped))      # (innermost: the trace's names still hold)
        return stack

    def _batch_result(self, logs, return_dict):
        if not self._steps_run_eagerly():       # the step's tf.function returns Python numbers as tensors
            logs = step_function_logs(logs)
        # Keras's train_on_batch / test_on_batch return what the step returned (a custom step's dict as it
        # is, None as {}), never get_metrics_result(): compile metrics a custom step never updated stay unbuilt
        if isinstance(logs, LiveLogs):
            logs = logs.raw() if logs.changed else self.get_metrics_result()
        logs = pythonify_logs(logs)
        return logs if return_dict else self._flatten_metrics_in_order(logs)


# Keras 3 defines these on its TensorFlowTrainer: Python's own argument errors name it
# ("TensorFlowTrainer.fit() got an unexpected keyword argument 'foo'"), and programs print them
for _method in ('fit', 'predict', 'train_on_batch', 'test_on_batch', 'predict_on_batch', 'train_step', 'test_step',
                'predict_step'):
    getattr(Trainer, _method).__qualname__ = 'TensorFlowTrainer.' + _method
del _method


def _refuse_missing_batch(model, what):
    """x=None: Keras 3's step calls the model on None (y or not), so its call refuses it, a Sequential's
    Input in its banner ("The input 'keras_tensor' is not optional, but None was passed ..."); a model
    whose call takes None gets tapeflow's sentence (its step cannot run on None)."""
    try:
        model(None, training=what == 'train_on_batch')
    except Exception as err:        # noqa: BLE001 -- the model's own refusal, as Keras's step meets it
        err.add_note('%s: x (the batch of inputs) is None' % what)
        raise
    raise ValueError('%s: x (the batch of inputs) is required, got None' % what)


def _one_batch(model, x, y, sample_weight, what):
    """The batch Keras 3 hands the step: ``(x, y, sample_weight)`` with None for what is missing
    (train/test_on_batch: a train_step written ``x, y = data`` fails there on TF too), ``(x,)``
    for predict_on_batch."""
    if x is None:
        _refuse_missing_batch(model, what)
    refuse_dataset_batch(x, what)
    _refuse_python_numbers(x, y, what)
    # No cardinality check, as Keras 3's: the step broadcasts a y or sample_weight of one sample over
    # the batch, and other mismatches fail in the loss (TF's graph errors)
    arrays = [to_arrays(x, 'x'), to_arrays(y, 'y'), to_arrays(sample_weight, 'sample_weight')]
    wrap = lambda a: None if a is None else nest.map_structure(lambda v: None if v is None else Tensor(v), a)
    if what == 'predict_on_batch':
        return (wrap(arrays[0]),)
    return tuple(wrap(a) for a in arrays)


def _refuse_python_numbers(x, y, what):
    """Keras 3 hands the batch to the model as it is: a list of numbers for x is a structure of Python
    floats, which the model's call refuses in the words below; one for y is a structure of targets that
    fits no output ('y_true and y_pred have different structures'). TF 2.21 raises both."""
    numbers = (bool, int, float, complex, str, bytes)
    for part, name in ((x, 'x'), (y, 'y')):
        if name == 'x' and isinstance(part, numbers):     # a bare x = 3 or 'a' is refused in the same words
            leaf = part
        elif not isinstance(part, (list, tuple, dict)):
            continue
        else:
            leaf = next((v for v in nest.flatten(part) if isinstance(v, numbers)), None)
        if leaf is None:
            continue
        if name == 'x':
            error = ValueError('Only input tensors may be passed as positional arguments. The following argument '
                               'value should be passed as a keyword argument: %s (of type %s)' % (leaf, type(leaf)))
        else:
            error = ValueError('y_true and y_pred have different structures.\ny_true: %s\n'
                               % (nest.map_structure(lambda _: '*', part),))
        error.add_note('%s: pass %s as a numpy array or tensor (np.array(...)), not a Python list of numbers'
                       % (what, name))
        raise error


# The loss tracker weighs each batch's loss by its size (Keras 3). The weight is
# a float32 tensor made once per size, device and loss shape (a custom loss may
# return one value per sample): converting a Python int on every step costs more
# than the rest of the tracker's update.
_BATCH_WEIGHTS = {}


def _batch_weight(x, loss):
    # one input array (fit's usual batch) without nest.flatten's walk
    if type(x) is Tensor:            # fit's batches
        size = x._data.shape[0]
    elif type(x) is np.ndarray:
        size = x.shape[0]
    else:
        size = next(v for v in nest.flatten(x) if v is not None).shape[0]
    key = (size, loss.device, loss._data.shape)
    weight = _BATCH_WEIGHTS.get(key)
    if weight is None:
        # ones_like puts it on the loss's device. Keras weighs the batch's loss by one scalar, the
        # batch size, so that a loss left unreduced (reduction=None: one value per sample) is first
        # averaged, and the epoch logs the mean of every sample's loss (a weight per value counted
        # a short last batch's values size times less: loss 0.5397 where TF logs 0.6135).
        scalar = reduce_sum(loss) if loss._data.ndim else loss
        weight = _BATCH_WEIGHTS[key] = ones_like(scalar, dtype='float32') * float(size)
    return weight


def _tensors_of_one_dtype(values):
    # a loop, not all() over a generator: fit sums the loss and the penalties on every step
    dtype = values[0]._data.dtype if type(values[0]) is Tensor else None
    for v in values:
        if type(v) is not Tensor or v._data.dtype != dtype:
            return False
    return True


_TAKES_TRAINING = {}


def _takes_training(fn):
    takes = _TAKES_TRAINING.get(fn)
    if takes is None:
        takes = _TAKES_TRAINING[fn] = 'training' in inspect.signature(fn).parameters
    return takes
