"""The loops of ``fit``, ``evaluate`` and ``predict`` (Keras 3's TensorFlow trainer, eagerly).

Per step a loop does only what it must: take the next batch (a slice of arrays
placed once), call the step, and call the batch hooks that some callback
overrides. Metric results are read, and turned into host floats, at the end
of an epoch or when a progress bar or callback asks.
"""
import contextlib
import functools
import numbers

from framework import distribute, graph_random_ops, nest
from framework.errors import OpError, noted
from framework.distribute_values import local_dataset
from framework.function import replaying
from framework.config import functions_run_eagerly
from framework.keras.run_limits import capped_epochs
from framework.graph_random_ops import GraphRandomState
from framework.tensor import Tensor

from .. import call_context
from ..step_graph_errors import raise_as_graph_run
from .axisless_leaves import refuse_axisless_split
from .array_conversion import reject_numpy_text, to_arrays
from .batch_structure import unpack_x_y_sample_weight
from .data import train_validation_split
from .batchless_build import build_without_batch
from .dataset_build import build_from_element_spec
from .empty_predict import empty_predict_error
from .first_step_variables import first_step_makes_variables
from .iterable_data import is_iterable_input, make_data, refuse_unsplittable
from .logs import batch_logs, pythonify_logs
from .negative_steps import reported_steps
from .traced_logs import returning_tensors
from .traced_losses import kept_losses
from . import class_weight_map_errors, graph_gradient_steps
from . import predict_group_hoist, predict_group_traces, predict_none, predict_outputs, step_retracing
from .step_traces import StepTraces, input_shapes
from .strategy_symbolic_build import build_for_strategy
from .traced_batch import (array_signature, first_input_is_static, predict_nesting, traced_batch_is_free,
                           step_dtypes, traced_open_axes, traced_structure)
from .unfed_step import UnfedStepRecorder, run_unfed_step
from .unknown_rank_batches import refuse_unknown_rank
from .unrecognized_iterators import is_plain_iterator


class TrainingLoops:
    """Mixin of ``Model``: fit, evaluate, predict."""

    def fit(self, x=None, y=None, batch_size=None, epochs=1, verbose='auto', callbacks=None, validation_split=0.0,
            validation_data=None, shuffle=True, class_weight=None, sample_weight=None, initial_epoch=0,
            steps_per_epoch=None, validation_steps=None, validation_batch_size=None, validation_freq=1):
        """Train the model for ``epochs`` epochs on arrays ``x``, ``y``.

        Args (Keras 3's):
            x, y: inputs and targets (numpy arrays, lists or tensors; a list of arrays for
                several inputs).
            batch_size: samples per step (default 32).
            epochs: the index of the last epoch (training runs from ``initial_epoch``).
            verbose: 'auto', 0 (silent), 1 (progress bar) or 2 (one line per epoch).
            callbacks: a list of ``keras.callbacks.Callback``.
            validation_split: the fraction of the data, taken from the END before any
                shuffling, held out for validation.
            validation_data: (x_val, y_val) or (x_val, y_val, sample_weight_val).
            shuffle: reshuffle the training samples every epoch ('batch': within batches).
            class_weight: {label: weight}, scaling each sample's loss by its class.
            sample_weight: one weight per sample.
            steps_per_epoch, validation_steps: batches per epoch / per validation pass.
            validation_batch_size: default ``batch_size``.
            validation_freq: validate every N epochs, or at the epochs (from 1) in a list.
        Returns:
            the ``History`` callback; ``history.history`` maps 'loss', metric names and
            'val_...' keys to one value per epoch.
        Raises:
            ValueError: before compile, for arrays of different lengths, for a bad split.
        """
        self._assert_compiled('fit')
        for name, value in (('epochs', epochs), ('initial_epoch', initial_epoch)):
            if not isinstance(value, numbers.Integral):    # TF: range()'s TypeError (a bool is an int there)
                try:
                    range(value)        # Python's words for the type, as Keras's epoch loop meets them
                except TypeError as error:
                    raise noted(error, 'fit: %s must be a whole number of epochs, got %r' % (name, value)) from None
        epochs = capped_epochs(epochs)
        if x is None:
            _refuse_missing_inputs(self, y, True, 'fit')
        reject_numpy_text('fit', x=x, y=y, sample_weight=sample_weight, validation_data=validation_data)
        x, validation_data = local_dataset(x), local_dataset(validation_data)     # a strategy's DistributedDataset
        if validation_split and validation_data is None:
            refuse_unsplittable((x, y, sample_weight))
            refuse_axisless_split(x, y, sample_weight)
            arrays = [to_arrays(x, 'x'), to_arrays(y, 'y'), to_arrays(sample_weight, 'sample_weight')]
            (x, y, sample_weight), validation_data = train_validation_split(arrays, validation_split)
        train = make_data(x, y, sample_weight, batch_size, shuffle, class_weight, steps_per_epoch,
                          distributed=self._distributes_datasets())
        build_from_element_spec(self, x)
        val = make_val = None
        if validation_data is not None:
            if is_iterable_input(validation_data) and not is_plain_iterator(validation_data):
                val = make_data(validation_data, steps_per_epoch=validation_steps, what='fit(validation_data)',
                                distributed=self._distributes_datasets())
            else:
                # Keras 3 reads an array, a dict or (x,) as inputs alone (validated without targets: a
                # compiled loss then fails after the first epoch) and refuses other tuple lengths here;
                # the arrays themselves it checks at the first validation (its evaluation iterator is made
                # then), so x_val and y_val of other lengths fail after an epoch has trained, as on TF
                vx, vy, vsw = unpack_x_y_sample_weight(validation_data)

                def make_val():
                    return make_data(vx, vy, vsw, validation_batch_size or batch_size,
                                     steps_per_epoch=validation_steps, what='fit(validation_data)')
        callbacks = self._callback_list(callbacks, verbose, epochs, reported_steps(train), add_history=True)
        self.stop_training = False
        optimizer = getattr(self, 'optimizer', None)
        if optimizer is not None and not optimizer.built and self.built and not self.trainable_variables:
            # Keras 3 builds the optimizer in its first apply_gradients, which a train step with nothing
            # to train skips: TF 2.21's optimizer.built stays False, and summary() shows no optimizer params
            optimizer = None
        if optimizer is not None:
            self._build_optimizer_for_strategy(train)
        callbacks.on_train_begin()
        # Keras 3 on TensorFlow builds the optimizer in its first apply_gradients, inside the train function's
        # first trace (its symbolic build before the callbacks runs under a distribution strategy only): a
        # callback's on_train_begin sees it unbuilt (BackupAndRestore builds it itself before loading), and a
        # custom train_step that never applies gradients leaves it so. TensorFlow traces that first step
        # twice when it makes variables: known from its start, for the values its Python draws
        # (framework/trace_time_values.py)
        if optimizer is not None and not optimizer.built and self._step_traces() is not None and \
                first_step_makes_variables(self, optimizer):
            self._step_traces().made_variables_early('train')
        training_logs = None
        # BackupAndRestore names the epoch to resume from, as Keras's model._initial_epoch. Keras 3.15
        # never clears it: every later fit of the model starts there too (fit(epochs=3) after a resume
        # at epoch 4 trains no epoch and returns an empty History on TF 2.21).
        initial_epoch = getattr(self, '_initial_epoch', None) or initial_epoch
        for epoch in range(initial_epoch, epochs):
            self.reset_metrics()
            callbacks.on_epoch_begin(epoch)
            logs = self._run_steps(self.train_step, train, callbacks, 'train', train.num_batches)
            # Raw as the step left them (a custom step's nested dict too): the callback list sorts and
            # flattens them once, as Keras 3 does, which decides the order of the epoch's line and History.
            epoch_logs = dict(self._metrics_or_logs(logs))
            if (val is not None or make_val is not None) and _should_validate(epoch, validation_freq):
                if val is None:
                    val = make_val()
                val_logs = self._evaluate_data(val, callbacks)
                epoch_logs.update(('val_' + k, v) for k, v in val_logs.items())
            callbacks.on_epoch_end(epoch, epoch_logs)
            training_logs = epoch_logs
            if self.stop_training:
                break
        if epochs > initial_epoch and hasattr(self.optimizer, 'finalize_variable_values'):
            self.optimizer.finalize_variable_values(self.trainable_variables)
        callbacks.on_train_end(training_logs)
        return self.history

    def evaluate(self, x=None, y=None, batch_size=None, verbose='auto', sample_weight=None, steps=None,
                 callbacks=None, return_dict=False, **kwargs):
        """The loss and metrics on ``x``, ``y`` (batched, no training).

        Returns:
            the loss alone if there are no metrics, else [loss, metric, ...] (in
            ``metrics_names`` order), or a dict with ``return_dict=True``.
        Raises:
            ValueError: an unknown keyword argument (Keras 3's 'Arguments not recognized').
        """
        kwargs.pop('_use_cached_eval_dataset', None)       # fit's own flag in Keras 3
        if kwargs:
            raise ValueError('Arguments not recognized: %s' % (kwargs,))
        self._assert_compiled('evaluate')
        if x is None:
            _refuse_missing_inputs(self, y, False, 'evaluate')
        reject_numpy_text('evaluate', x=x, y=y, sample_weight=sample_weight)
        x = local_dataset(x)
        # (no callbacks of the user's: nothing can write to the arrays between batches, so no copy)
        data = make_data(x, y, sample_weight, batch_size, steps_per_epoch=steps, what='evaluate',
                         distributed=self._distributes_datasets(), copy_arrays=bool(callbacks))
        build_from_element_spec(self, x)
        callbacks = self._callback_list(callbacks, verbose, 1, reported_steps(data))
        logs = self._evaluate_data(data, callbacks)
        return logs if return_dict else self._flatten_metrics_in_order(logs)

    def predict(self, x, batch_size=None, verbose='auto', steps=None, callbacks=None):
        """The model's outputs for ``x``, computed in batches, as numpy arrays."""
        # No build from x's spec here: Keras 3 traces predict's step on the first batch itself.
        if x is None:
            _refuse_missing_inputs(self, None, False, 'predict')
        reject_numpy_text('predict', x=x)
        x = local_dataset(x)
        data = make_data(x, None, None, batch_size, steps_per_epoch=steps, what='predict', copy_arrays=bool(callbacks))
        callbacks = self._callback_list(callbacks, verbose, 1, reported_steps(data))
        self.stop_predicting = False
        callbacks.on_predict_begin()
        outputs = []
        wants_end = callbacks.wants('on_predict_batch_end')
        every = self.steps_per_execution
        group = []      # the outputs of one group of ``steps_per_execution`` steps, as Keras reports them
        group_shapes = []       # (every > 1) their input shapes: Keras traces its function per group
        step = None
        replica = self._replica_scope(self._step_traces() is None)
        nesting = predict_nesting(data)
        kind = 'predict' if nesting is None else ('predict', nesting)    # the trace's key (step_traces)
        grouped = every > 1 and _count_unknown(data)
        family = step_retracing.predict_family(every)
        predict_step = self.predict_step
        traces = self._step_traces()
        if traces is not None and graph_gradient_steps.asks(self, predict_step, traces):
            predict_step = graph_gradient_steps.recorded(predict_step)
        batches = _begun(data, callbacks.on_predict_batch_begin) if every == 1 else \
            _begun_in_groups(data, callbacks.on_predict_batch_begin, every) if grouped else data.epoch(every)
        for step, batch in enumerate(batches):
            if every > 1 and not grouped and step % every == 0:
                callbacks.on_predict_batch_begin(step)
            traces = self._step_traces()
            if traces is None:          # run_eagerly: every step runs its Python
                scope = traced = _PYTHON
            else:
                shapes = input_shapes(batch)
                if every > 1:
                    group_shapes.append(shapes)
                # a batch the latest trace serves again is replayed, and that trace's answer is known: one
                # look instead of shaped_step's and static_trace's (a tracing step asks static_trace after)
                static = traces.served_answer(kind, shapes)
                scope = replaying() if static is not None else traces.shaped_step(kind, shapes, batch, family)
                if static is None:
                    static = traces.static_trace(kind, shapes)
                # steps_per_execution > 1: Keras runs a group's steps in one graph, whose random ops go on
                # counting from step to step (a shorter last group is a graph of its own)
                first = every == 1 or step % every == 0
                if first:
                    random_ops = traces.random_ops(kind, shapes, None if every == 1 else
                                                   _group_length(data, step, every))
                traced = call_context.traced_predict(static, random_ops, first)
            try:
                with replica, scope, traced, kept_losses(self, traces, scope):
                    out = predict_step(batch)
            except OpError as error:
                if traces is not None:
                    raise_as_graph_run(error, 'one_step_on_data_distributed' if every == 1 else 'multi_step_on_data')
                raise
            if traces is not None and (step + 1) % every == 0:
                if every > 1:
                    predict_group_traces.group_ran(traces, kind, tuple(group_shapes), family)
                    group_shapes = []
                step_retracing.calls_made(1, family)     # TF's retracing detector (step_retracing)
            if step == 1 and type(out) is not Tensor and predict_none.holds_none(out):
                raise predict_none.predict_error(out)       # Keras 3 gathers outputs from the second batch
            # (one output, every batch: its array, without walking a structure)
            outputs.append(out._data if type(out) is Tensor else
                           nest.map_structure(lambda t: t._data if isinstance(t, Tensor) else t, out))
            group.append(out)
            if (step + 1) % every == 0:
                if every > 1 and traces is not None and not self.jit_compile:   # one graph a group: one sigmoid
                    predict_group_hoist.rejoin(group, outputs)
                if wants_end:
                    callbacks.on_predict_batch_end(step, {'outputs': _joined(group)})
                group = []
                if self.stop_predicting:
                    break
        if group and traces is not None and not self.jit_compile:     # (a shorter last group: a graph of its own)
            predict_group_hoist.rejoin(group, outputs)
        if group and wants_end:
            callbacks.on_predict_batch_end(_group_end(step, every), {'outputs': _joined(group)})
        if group_shapes:        # a shorter last group is a call of its own
            predict_group_traces.group_ran(traces, kind, tuple(group_shapes), family)
            step_retracing.calls_made(1, family)
        if grouped:
            _begin_past(callbacks.on_predict_batch_begin, step, every)
        callbacks.on_predict_end()
        if not outputs:
            raise empty_predict_error('predict: x holds no samples, so there is nothing to predict')
        if step == 0 and type(out) is not Tensor and predict_none.holds_none(out):
            raise predict_none.predict_error(out)
        flat = [nest.flatten(o) for o in outputs]
        return nest.pack_sequence_as(outputs[0], [predict_outputs.joined(parts) for parts in zip(*flat)])

    # ---- shared pieces ------------------------------------------------------------------
    def _replica_scope(self, eager):
        """Around each step, the replica context of the strategy the model was made under: Keras 3 runs
        its step function through ``distribute_strategy.run``, so a train_step sees that strategy and
        its replica context (tf.distribute.get_replica_context(), and optim/merge_call_in_cond.py's
        refusal); ``eager`` (run_eagerly) steps are eager runs, which MirroredStrategy warns of (its
        first 5 in a program). Nothing for a model of the default strategy."""
        strategy = self._distribute_strategy
        return _PYTHON if strategy is None else strategy.replica_scope(eager)

    def _build_optimizer_for_strategy(self, data=None):
        """Keras 3 on TensorFlow builds the optimizer of a model made under a strategy before fit's, evaluate's
        and the *_on_batch methods' first step (its _maybe_symbolic_build: optimizer.build(trainable_variables)):
        on_train_begin / on_test_begin see it built, and evaluate alone builds it. Given fit's or evaluate's
        ``data`` (or the *_on_batch methods' batch), the model and its compiled metrics are built first on its
        first batch's shapes (strategy_symbolic_build.py)."""
        if data is not None and self._distribute_strategy is not None and not build_for_strategy(self, data):
            return
        optimizer = getattr(self, 'optimizer', None)
        if optimizer is not None and not optimizer.built and self._distribute_strategy is not None and self.built:
            variables = self.trainable_variables
            if variables:
                optimizer.build(variables)

    def _distributes_datasets(self):
        # Keras 3 hands fit's and evaluate's datasets to a non-default strategy's
        # experimental_distribute_dataset (predict's too, without the effect in iterable_data.py)
        return self._distribute_strategy is not None or distribute.has_strategy()

    def _callback_list(self, callbacks, verbose, epochs, steps, add_history=False):
        from ..callbacks import CallbackList
        if isinstance(callbacks, CallbackList):
            return callbacks
        return CallbackList(callbacks, add_history=add_history, add_progbar=verbose != 0, model=self,
                            verbose=verbose, epochs=epochs, steps=steps)

    def _evaluate_data(self, data, callbacks):
        self.stop_evaluating = False
        peek = getattr(data, 'peek', None)      # fit's validation generator or PyDataset: read at the first validation
        if peek is not None:
            peek()
        self._build_optimizer_for_strategy(data)
        callbacks.on_test_begin()
        self.reset_metrics()
        logs = self._run_steps(self.test_step, data, callbacks, 'test', data.num_batches)
        logs = pythonify_logs(self._metrics_or_logs(logs))
        callbacks.on_test_end(logs)
        return logs

    def _run_steps(self, step_fn, data, callbacks, kind, num_batches):
        """Run ``step_fn`` over one epoch of ``data``; returns the last step's logs."""
        begin_hook, end_hook = 'on_%s_batch_begin' % kind, 'on_%s_batch_end' % kind
        wants_begin, wants_end = callbacks.wants(begin_hook), callbacks.wants(end_hook)
        begin, end = getattr(callbacks, begin_hook), getattr(callbacks, end_hook)
        stop_flag = 'stop_training' if kind == 'train' else 'stop_evaluating'
        every = self.steps_per_execution
        if kind != 'predict' and not self._steps_run_eagerly() and not _overridden(step_fn):
            refuse_unknown_rank(self, data, kind == 'train')     # TF's trace on the element_spec
        free_batch = traced_batch_is_free(data)
        open_axes = traced_open_axes(data)
        # run_eagerly steps build layers on the batch itself: Keras traces nothing there
        traced = call_context.traced_step(free_batch and not self._steps_run_eagerly())
        batch_size = getattr(data, 'batch_size', None)     # (an array pass's fixed size; None for other data)
        random_ops = self._step_graph_random_state(kind, free_batch, batch_size)
        # one context for every step: entering it resets the trace's random-op counters each time
        random_scope = graph_random_ops.running(random_ops)
        traces = self._step_traces()
        if traces is not None:
            traces.begin_pass(traced_structure(data), array_signature(data), step_dtypes(data))
        # (read before the wrappers below: a step, model or layer whose code calls tf.gradients records)
        asks_gradients = traces is not None and graph_gradient_steps.asks(self, step_fn, traces)
        if kind != 'predict' and _overridden(step_fn):
            step_fn = returning_tensors(step_fn, self._steps_run_eagerly())
        # (fit's own training step stays as lean: only a custom train_step meets TF's refusals there)
        if traces is not None and (kind == 'test' or (kind == 'train' and _overridden(step_fn))):
            step_fn = call_context.unconverted_step(step_fn)
        if asks_gradients:
            step_fn = graph_gradient_steps.recorded(step_fn)
        if random_ops is not None and traces is not None and traces.batch_free_in_trace(kind, free_batch):
            random_ops.static_shapes = False    # an earlier trace on a free batch serves these (reduce_retracing)
        # Keras's traced train / test function, fed by a dataset of unknown length, runs once more without a batch
        unfed = UnfedStepRecorder(self) if kind in ('train', 'test') and traces is not None and every == 1 \
            and getattr(data, 'may_run_dry', False) else _PYTHON
        logs = step = None
        replica = self._replica_scope(traces is None)
        # one step at a time, Keras calls on_*_batch_begin before its step function reads the batch
        begins_first = wants_begin and (every == 1 or _count_unknown(data))
        batches = (_begun(data, begin) if every == 1 else _begun_in_groups(data, begin, every)) if begins_first \
            else data.epoch(every)
        if getattr(data, 'weighs_classes', False):       # (a label past class_weight's table, read in the step)
            failing = functools.partial(class_weight_map_errors.step_failed, every=every,
                                        begin=begin if wants_begin and not begins_first else None,
                                        traced_calls=step_retracing.calls_made if traces is not None else None)
            batches = class_weight_map_errors.reworded(batches, traces is not None, every, failing)
        for step, batch in enumerate(batches):
            if wants_begin and not begins_first and step % every == 0:
                begin(step)
            python_runs = traces.step(kind, free_batch, batch_size, batch, open_axes) if traces \
                else _PYTHON
            # (set in the instance dict: never a sublayer, so Layer.__setattr__'s bookkeeping is not needed)
            if traces and kind == 'train':      # train_step trains what this step's trace read
                self.__dict__['_step_trace'] = (traces, free_batch, batch_size)
            try:
                with replica, traced, random_scope, python_runs, unfed, kept_losses(self, traces, python_runs):
                    logs = step_fn(batch)
            except BaseException as error:
                if traces is not None and getattr(error, 'step_ran', False):
                    # the step's function ran, and Keras failed on its logs after it (a custom step returning
                    # a loss tensor): TF's detector counted its calls, this one too (pass_calls at the end)
                    step_retracing.calls_made(-(-(step + 1) // every))
                if traces is not None and isinstance(error, OpError):
                    raise_as_graph_run(error, 'multi_step_on_iterator')
                raise
            finally:
                self.__dict__['_step_trace'] = None
            # Keras runs ``steps_per_execution`` steps as one function: hooks and the stop flag
            # come between those groups only.
            if (step + 1) % every == 0:
                if wants_end:
                    try:
                        end(step, batch_logs(logs))
                    except BaseException:
                        if traces is not None:
                            # a batch-end callback stopped the pass (ModelCheckpoint's KeyError for a
                            # '{val_loss}' file name mid-epoch): TF's detector counted the calls that ran
                            step_retracing.calls_made(-(-(step + 1) // every))
                        raise
                if getattr(self, stop_flag):
                    break
        else:
            if wants_end and step is not None and (step + 1) % every:
                # A last, shorter group is still reported as Keras numbers it: its first step + every - 1.
                end(_group_end(step, every), batch_logs(logs))
            if begins_first and every > 1:
                _begin_past(begin, step, every)
            if step is None and traces is not None and kind != 'predict':
                build_without_batch(self, data, kind)      # TF's trace built what its step calls
            if unfed is not _PYTHON and data.ran_dry:
                run_unfed_step(self, unfed, kind, batch if step is not None else None,
                               traces.batch_free_in_trace(kind, free_batch), first_input_is_static(data))
        if traces is not None and step is not None and kind != 'predict':
            # (with steps_per_execution > 1, the call of the group that found no batch counts too)
            dry_group = every > 1 and getattr(data, 'ran_dry', False) and _count_unknown(data)
            step_retracing.calls_made(-(-(step + 1) // every) + dry_group)     # TF's retracing detector
        # No batch at all (an empty dataset or generator): Keras's logs stay {}, so the epoch logs no
        # loss and evaluate returns [] (the metrics' 0.0 over nothing meant nothing).
        return {} if step is None else logs


    def _steps_run_eagerly(self):
        """Whether Keras's steps run as plain Python: compiled with run_eagerly=True, or under
        tf.config.run_functions_eagerly(True), which runs Keras's step tf.functions as Python too
        (a layer's call then sees tf.executing_eagerly() True and draws from the eager stream)."""
        return self.run_eagerly or functions_run_eagerly()

    def _step_traces(self):
        """What Keras's train / test / predict functions have traced since compile (None when
        compiled with run_eagerly=True: every step runs its Python): see step_traces."""
        if self._steps_run_eagerly():
            return None
        traces = self.__dict__.get('_traces')
        if traces is None:
            traces = self.__dict__['_traces'] = StepTraces()
        return traces

    def _step_graph_random_state(self, kind, free_batch, batch_size):
        """The random ops of Keras's traced train / test function for this data (None when
        compiled with run_eagerly=True): a graph's seeds and kernels (``graph_random_ops``), kept
        until compile() makes new functions or other data makes Keras trace again."""
        if self._steps_run_eagerly():
            return None
        states = self.__dict__.setdefault('_step_random_states', {})
        key = (kind, free_batch, None if free_batch else batch_size)
        state = states.get(key)
        if state is None:
            state = states[key] = GraphRandomState()
            state.static_shapes = not free_batch      # the data spec's batch axis (traced_batch.py)
            state.keras_step = True
            state.one_batch_axis = _one_input(self)
            state.xla = bool(self.jit_compile)
        return state


_PYTHON = contextlib.nullcontext()        # a step whose Python runs as it is (run_eagerly=True)


def _one_input(model):
    """Whether ``model`` is a functional or Sequential model of one input (a subclassed model's
    call may take several tensors: False)."""
    try:
        return len(model.__dict__.get('_inputs') or model.inputs) == 1
    except (AttributeError, TypeError):
        return False


def _overridden(step_fn):
    """Whether ``step_fn`` is a custom train_step / test_step: Trainer's own return the metrics' logs."""
    from .trainer import Trainer
    return getattr(step_fn, '__func__', None) not in (Trainer.train_step, Trainer.test_step)


def _group_length(data, step, every):
    """The steps of the ``every``-step group that begins at ``step``: fewer in the last group of
    data of known length, else ``every``."""
    count = data.num_batches
    return every if count is None else min(every, count - step)


def _begun(data, begin):
    """One epoch's batches, ``begin(step)`` called before each is read, as Keras's epoch iterator
    hands its step function the iterator after the callback: a callback sees the pipeline before
    the batch is made (a prefetching map's seed state: TF 2.21). Input of unknown length (a
    filtered or unbatched dataset, a generator) ends when no batch comes, after ``begin`` was
    called for it, as does input of no batches at all (empty arrays, take(0)); a known count ends
    without it, also when ``steps_per_epoch`` asks for more batches than the data hold (the data's
    startable_steps)."""
    startable = getattr(data, 'startable_steps', None)
    count = startable() if startable is not None else data.num_batches
    if count == 0 and not getattr(data, 'steps_per_epoch', None):
        count = None    # Keras reads a known count of 0 batches as unknown: one step is begun, and finds no batch
    return _begin_steps(data, begin, 1, count)


def _count_unknown(data):
    """Whether Keras reads ``data`` without knowing its batch count (after filter, a generator; a known
    count of 0 is read so too): it then calls its step function until a call finds no batch, each call
    after on_*_batch_begin (_begun, _begun_in_groups)."""
    known = data._known_length() if hasattr(data, '_known_length') else data.num_batches
    return not known


def _begun_in_groups(data, begin, every):
    """_begun for steps_per_execution ``every`` > 1 on input of unknown count (_count_unknown):
    ``begin(step)`` before each group's first batch is read, and for the group after the last, which
    finds no batch (TF 2.21, 6 batches or 5 in groups of 2: begins 0, 2, 4 and 6; after a shorter last
    group the loop begins it, after that group's end: _begin_past). With ``steps_per_epoch``, no
    group is begun past its whole groups."""
    steps = getattr(data, 'steps_per_epoch', None)
    return _begin_steps(data, begin, every, -(-steps // every) * every if steps else None)


def _begin_steps(data, begin, every, limit):
    """The batches of one epoch read ``every`` at a time, ``begin(step)`` called before each group's first
    is read, up to ``limit`` steps (None: until no batch comes, that group begun too)."""
    batches = iter(data.epoch(every))
    step = 0
    while limit is None or step < limit:
        if step % every == 0:
            begin(step)
        try:
            batch = next(batches)
        except StopIteration:
            # (ran out inside a group: the loop reports that group's end, then begins the next, _begin_past)
            return
        yield batch
        step += 1
    next(batches, None)         # let the epoch finish its pass (the seeds its end spends, ran_dry, the warning)


def _begin_past(begin, step, every):
    """After a shorter last group ending at ``step`` (its on_*_batch_end called), begin the group that
    finds no batch, as Keras does for input of unknown count (_begun_in_groups)."""
    if step is not None and (step + 1) % every:
        begin(_group_end(step, every) + 1)


def _group_end(step, every):
    """The number Keras gives the last step of the group holding ``step`` (past the data if it is short)."""
    return step - step % every + every - 1


def _joined(outputs):
    """One group's step outputs, joined along the batch axis (one output alone as it is)."""
    if len(outputs) == 1:
        return outputs[0]
    from framework.ops import concat, stack
    flat = [nest.flatten(out) for out in outputs]
    # Keras's multi-step concat stacks scalar tensors (a predict_step returning tf.reduce_sum(x))
    return nest.pack_sequence_as(outputs[0], [stack(list(parts)) if _is_scalar(parts[0]) else
                                              concat(list(parts), axis=0) for parts in zip(*flat)])


def _is_scalar(value):
    return isinstance(value, Tensor) and value.shape.rank == 0


def _should_validate(epoch, validation_freq):
    """Keras 3's _should_eval, read at each epoch's end with validation data only (so a bad
    validation_freq fails after the first epoch, and never without validation data). Any int is a
    modulus (epoch % -1 == 0: a negative one validates too, as in TF 2.21)."""
    if isinstance(validation_freq, int):
        if validation_freq == 0:
            error = ZeroDivisionError('integer modulo by zero')
            error.add_note('fit(validation_freq=0): validate every N epochs (N >= 1) or at a list of epochs')
            raise error
        return (epoch + 1) % validation_freq == 0
    if isinstance(validation_freq, list):
        return epoch + 1 in validation_freq
    raise ValueError('Expected `validation_freq` to be a list or int. Received: validation_freq=%s of the type %s.'
                     % (validation_freq, type(validation_freq)))


def _refuse_missing_inputs(model, y, training, what):
    """x=None with targets: Keras 3 on TF runs its step on None, so the model's call refuses it (a
    Sequential's Input: "The input 'keras_tensor' is not optional, but None was passed ..."), raised
    here before any batch; a model whose call takes None gets tapeflow's sentence. x and y both None
    (fit(), predict(None); a sample_weight alone is dropped as Keras's pack_x_y_sample_weight does):
    Keras's array adapter counts the samples of nothing, KeyError 'pop from an empty set'."""
    if y is None:
        error = KeyError('pop from an empty set')
        error.add_note('%s: x (the inputs) is required, got None' % what)
        raise error
    try:
        model(None, training=training)
    except Exception as err:        # noqa: BLE001 -- the model's own refusal, as Keras's step meets it
        err.add_note('%s: x (the inputs) is None' % what)
        raise
    raise ValueError('%s: x (the inputs) is required' % what)
