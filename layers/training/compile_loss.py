"""The loss given to ``compile``, for one output or several (Keras 3's ``CompileLoss``).

``loss`` may be one loss (used for every output), a list with one per output,
or a dict keyed by output name (a functional model's output layer names, or
the keys of a model that returns a dict). ``loss_weights`` has the same forms.
With more than one loss, each output's unweighted loss is also tracked by a
``Mean`` metric named '<output name>_loss', which ``fit`` logs as Keras does
('priority_loss', 'val_dense_1_loss'). Keras weighs each batch's value by the
batch's static size, which its traced (default) step does not know: so there
each batch counts once, a short last batch as much as a full one; with
``run_eagerly=True`` the size is known and weighs it. Both are reproduced.
"""
from framework import graph_random_ops
from framework.ops import graph_rewrites
from framework import metrics as metrics_module
from framework import nest, tape, trace_names
from framework.errors import InvalidArgumentError
from framework.losses.loss import Loss, default_dtype
from framework.losses.shape_mismatch import in_traced_step, weight_mul_at_run
from framework.losses.shape_mismatch_at_run import first_op_at_run
from framework.name_scopes import name_scope
from framework.tensor import Tensor

from ..step_graph_errors import note_loss_node
from .compile import SINGLE_ARRAYS, get_loss
from .target_errors import keys_as_targets_error, missing_target_error, stars, too_few_leaves_error
from .output_losses import losses_of_output
from .nested_outputs import align_targets, build_losses, deeply_nested, resolve_path


class CompiledLoss:
    """The compiled losses, resolved against the model's outputs on the first batch.

    Args:
        loss: a name, function or ``Loss``; a list with one per output; or a
            dict keyed by output name.
        loss_weights: a float, or a list / dict with one per output.
        output_names: the model's output names (a functional model's output
            layer names), or None.
        weigh_by_batch_size: the per-output trackers weigh each batch by its
            size (Keras with ``run_eagerly=True``) instead of counting it once.
    Raises:
        ValueError: an unknown loss name, or loss_weights of another type.
    """

    def __init__(self, loss, loss_weights=None, output_names=None, weigh_by_batch_size=False):
        # (a loss name Keras cannot interpret fails at the first fit / evaluate step, where Keras 3 resolves
        # it, not here: compile(loss='msx') itself succeeds on TensorFlow 2.21)
        if loss_weights and not isinstance(loss_weights, (list, tuple, dict, float)):     # Keras 3 refuses ints
            raise ValueError('Expected `loss_weights` argument to be a float (single output case) or a list, tuple, '
                             'or dict (multiple output case). Received instead: loss_weights=%s of type %s'
                             % (loss_weights, type(loss_weights)))
        self._user_loss = loss
        self._user_weights = loss_weights
        self.output_names = list(output_names) if output_names else None
        self.weigh_by_batch_size = weigh_by_batch_size
        self.metrics = []          # the per-output Mean trackers, when there are several losses
        self._entries = None       # [(key into the flat outputs, Loss, weight or None)]
        self._idle_trackers = False    # trackers Keras logs but never updates (see _build_stacked)
        self._dropped = ()             # losses Keras computes and drops (see _build_stacked)

    # ---- resolving the losses against the outputs -------------------------------------
    def _keys_and_labels(self, y_pred):
        """How to pick each output (an index, or a dict key) and the name it logs under."""
        if isinstance(y_pred, dict):
            keys = _dict_keys(y_pred)
            return keys, keys
        count = len(y_pred) if isinstance(y_pred, (list, tuple)) else 1
        names = self.output_names if self.output_names and len(self.output_names) == count else [None] * count
        return list(range(count)), names

    def _per_output(self, value, keys, labels, what):
        """``value`` (one item, a list, or a dict) spread over the outputs, in ``keys`` order."""
        if isinstance(value, dict):
            if isinstance(keys[0], str):
                unknown = sorted(set(value) - set(keys), key=str)
                if unknown:     # Keras 3's KeyError; ignoring the key left no loss at all
                    error = KeyError("The path: (%r,) in the `%s` argument, can't be found in either the model's "
                                     "output (`y_pred`) or in the labels (`y_true`)." % (unknown[0], what))
                    error.add_note("The model's outputs are %s" % ', '.join(map(repr, keys)))
                    raise error
                return [value.get(k) for k in keys]
            if what == 'loss_weights':      # Keras 3 picks each output's weight by name: a missing one is KeyError(name)
                return [value[name] for name in labels]
            if set(value) != set(labels) and not any(labels):
                # Keras 3 matches a loss dict by the model's output names; a Sequential has none, and its
                # loss code then fails in Python's words (TF 2.21: TypeError "'NoneType' object is not iterable")
                error = TypeError("'NoneType' object is not iterable")
                error.add_note('the %s dict %s names outputs, but this model has no output names (a Sequential); '
                               'pass the %s itself, e.g. %s' % (what, value, what, next(iter(value.values()), None)))
                raise error
            if set(value) != set(labels):
                raise ValueError('Expected keys %s in %s dict, but found %s.keys()=%s'
                                 % (labels, what, what, list(value.keys())))
            return [value[name] for name in labels]
        if isinstance(value, (list, tuple)):
            if what == 'loss' and isinstance(keys[0], str) and len(value) != len(keys):
                # a list of losses for a dict of outputs, of another length: Keras 3's tree code meets a tensor
                # where its structures differ (TF 2.21's TypeError; tapeflow left the last outputs without a loss)
                error = TypeError('Expected any non-tensor type, but got a tensor instead.')
                error.add_note('%d losses for the %d outputs %s; give one loss per output (or a dict keyed by '
                               'their names)' % (len(value), len(keys), list(keys)))
                raise error
            if what == 'loss' and len(value) > len(keys):      # Keras 3's KeyError for the first extra one
                error = KeyError("The path: (%d,) in the `loss` argument, can't be found in either the model's "
                                 'output (`y_pred`) or in the labels (`y_true`).' % len(keys))
                error.add_note('%d losses for %d outputs %s' % (len(value), len(keys), labels))
                raise error
            if what == 'loss':          # Keras 3 pairs them in order: the last outputs get no loss
                return list(value) + [None] * (len(keys) - len(value))
            if len(value) != len(keys):
                error = ValueError('`loss_weights` must match the number of losses, got %d losses and %d weights.'
                                   % (len(keys), len(value)))
                error.add_note('The outputs are %s' % labels)
                raise error
            return list(value)
        return [value] * len(keys)

    def _weights_per_output(self, keys, labels):
        """``loss_weights`` spread over the outputs, as Keras 3.15 packs them with the losses: with
        one loss for every output, a list or dict must hold one weight, which weighs them all
        (loss='mse', loss_weights=[1., .5] is Keras's ValueError); with a loss per output, one each."""
        weights = self._user_weights
        if weights is None:
            return [None] * len(keys)
        if isinstance(self._user_loss, (list, tuple, dict)) and len(self._user_loss) != 1 \
                and not isinstance(weights, (list, tuple, dict)):
            # Keras 3 packs the weights as the losses; one number for several fails on its len() (in
            # Python's words: "object of type 'numpy.float64' has no len()")
            len(weights)
        if not isinstance(self._user_loss, (list, tuple, dict)) and isinstance(weights, (list, tuple, dict)):
            flat = nest.flatten(weights)
            if len(flat) != 1:
                error = ValueError('`loss_weights` must match the number of losses, got 1 losses and %d weights.'
                                   % len(flat))
                error.add_note('One loss for every output takes one weight; give a loss per output to weigh '
                               'them apart.')       # Keras's words are the message; tapeflow's hint a note
                raise error
            return flat * len(keys)
        if isinstance(weights, dict) and not isinstance(self._user_loss, dict):
            weights = nest.flatten(weights)          # Keras packs a dict's values (sorted keys) as the list
        elif isinstance(weights, dict) and isinstance(keys[0], str) and set(weights) != set(self._user_loss):
            weights = self._pack_as_loss_dict(weights)
        return self._per_output(weights, keys, labels, 'loss_weights')

    def _pack_as_loss_dict(self, weights):
        """A weights dict keyed otherwise than the loss dict, as Keras 3 packs it when the structures differ:
        the weights' values in their sorted-key order go to the losses' sorted keys, so {'a': .5, 'c': 2.}
        weighs losses 'a' and 'b'; a count that differs from the losses' (a None loss counts) is its ValueError."""
        flat = nest.flatten(weights)
        if len(flat) != len(self._user_loss):
            raise ValueError('`loss_weights` must match the number of losses, got %d losses and %d weights.'
                             % (len(self._user_loss), len(weights)))
        return dict(zip(sorted(self._user_loss), flat))

    def build(self, y_true, y_pred):
        if isinstance(self._user_loss, (list, tuple)) and len(self._user_loss) > 1 \
                and not isinstance(y_pred, (list, tuple, dict)):
            return self._build_stacked(y_true, y_pred)
        keys, labels = self._keys_and_labels(y_pred)
        losses = self._per_output(self._user_loss, keys, labels, 'loss')
        weights = self._weights_per_output(keys, labels)
        with_loss = [key for key, loss in zip(keys, losses) if loss is not None]
        flat_true, flat_pred = self._pick(y_true, keys, with_loss), self._pick(y_pred, keys)
        entries, names = [], []
        rows = list(zip(keys, labels, losses, weights, flat_true, flat_pred))
        if isinstance(y_pred, dict):
            order = self._keras_order(y_pred)
            rows.sort(key=lambda row: order.index(row[0]))
        for key, label, loss, weight, t, p in rows:
            for one in losses_of_output(loss, key):
                resolved = get_loss(one, t, p)      # a name Keras cannot interpret fails here (and on every later step)
                entries.append((key, resolved, weight))
                names.append(label if label is not None else resolved.name)
        self._entries = entries
        if len(self._entries) > 1:
            self.metrics = [metrics_module.Mean(name='%s_loss' % name) for name in names]

    def _build_stacked(self, y_true, y_pred):
        """Several losses for a model's one output (loss=['mse', 'mae']), as Keras 3 on TensorFlow 2.21 takes
        them: it builds an entry for each, computes each loss on the one output, and returns the first (with
        the first of a list of loss_weights), so only that one counts, while the others' prints and errors
        show; each loss still logs a '<name>_loss' tracker, which nothing updates (0.0 in the history)."""
        if any(loss is None for loss in self._user_loss):       # Keras 3 reads the missing loss's .loss
            raise AttributeError("'NoneType' object has no attribute 'loss'")
        weights = self._user_weights
        if isinstance(weights, (int, float)) and not isinstance(weights, bool):
            raise TypeError("object of type '%s' has no len()" % type(weights).__name__)
        weight = None if weights is None else nest.flatten(weights)[0]
        resolved = [get_loss(loss, y_true, y_pred) for loss in self._user_loss]
        self._entries = [(0, resolved[0], weight)]
        self._dropped = resolved[1:]
        self.metrics = [metrics_module.Mean(name='%s_loss' % loss.name) for loss in resolved]
        self._idle_trackers = True

    def _keras_order(self, y_pred):
        """Keras 3 walks a loss dict's items in the dict's own order, and spreads any other loss over
        a dict of outputs in the outputs' order: that order lists the '<name>_loss' trackers
        (metrics_names, evaluate's list) and adds the weighted losses, left to right."""
        if isinstance(self._user_loss, dict):      # outputs without a loss come last (they are skipped)
            return [key for key in self._user_loss if key in y_pred] + [k for k in y_pred if k not in self._user_loss]
        return list(y_pred)

    # ---- matching y_true to the outputs ------------------------------------------------
    def _pick(self, y, keys, needed=None):
        """``y``'s items for ``keys``; a dict of targets may leave out the outputs without a loss
        (those not in ``needed``) as Keras 3 allows: None stands for them."""
        if isinstance(keys[0], str):
            missing = [k for k in keys if k not in y] if isinstance(y, dict) else []
            if needed is not None:
                missing = [k for k in missing if k in needed]
            if missing:     # Keras 3's KeyError; the keys each side has in a note
                error = KeyError("The path: (%r,) in the `loss` argument, can't be found in either the model's "
                                 'output (`y_pred`) or in the labels (`y_true`).' % (missing[0],))
                error.add_note('the labels are keyed %s, the outputs %s' % (sorted(y), list(keys)))
                raise error
            return [y.get(k) for k in keys] if isinstance(y, dict) else [y[k] for k in keys]
        return nest.flatten(y) if isinstance(y, (list, tuple)) else [y]

    def _align_true(self, y_true, y_pred):
        """``y_true`` in ``y_pred``'s structure (a dict of targets for a list of outputs, ...)."""
        if type(y_pred) is Tensor and type(y_true) in SINGLE_ARRAYS:
            return y_true           # one output, one target (fit's every step): nothing to walk
        if isinstance(y_pred, dict):
            if isinstance(y_true, dict):
                if y_true.keys() != y_pred.keys():
                    if len(y_true) == len(y_pred):
                        raise self._keys_as_targets(y_true, y_pred)
                    self._check_target_count(y_true, y_pred)
                    return self._repack_as_losses(y_true, y_pred)
                if any(nest.is_nested(target) for target in y_true.values()):
                    # a nested target ({'a': [y_a], 'b': y_b}) fails Keras 3's structure check, and it packs
                    # the dict by iterating it: its keys stand as the targets (TF 2.21 "Expected float32, but
                    # got a of type 'str'.")
                    error = self._keys_as_targets(y_true, y_pred)
                    nested = next(key for key, target in y_true.items() if nest.is_nested(target))
                    error.__notes__ = ['y[%r] is a %s, where its output is one tensor: give one array per output'
                                       % (nested, type(y_true[nested]).__name__)]
                    raise error
                return y_true
            flat = nest.flatten(y_true)
            if len(flat) != len(y_pred):
                flat = self._spread_over_losses(flat, y_true, y_pred)
            return dict(zip(_dict_keys(y_pred), flat))
        if isinstance(y_pred, (list, tuple)):
            if isinstance(y_true, dict):
                if self.output_names and set(y_true) == set(self.output_names):
                    return [y_true[name] for name in self.output_names]
                if len(y_true) == len(y_pred):
                    # Keras 3 packs the dict into the list by iterating it: its keys become the targets
                    raise self._keys_as_targets(y_true, y_pred)
                # other counts: Keras 3 spreads them over the losses that are not None, else its
                # 'different structures' ValueError (or the path KeyError for one loss over all outputs)
                return self._spread_over_losses(nest.flatten(y_true), y_true, y_pred)
            if len(y_true) == len(y_pred) and any(nest.is_nested(target) for target in y_true):
                # Keras 3 packs y into the list of outputs item by item, a nested target kept whole ([[y_a], y_b]):
                # that output's loss then meets a tuple for one tensor (its tree's ValueError 'Expected an
                # instance of tuple, got <tf.Tensor ...>', before any weight changes)
                return list(y_true)
            flat = nest.flatten(y_true)
            if len(flat) != len(y_pred):
                flat = self._spread_over_losses(flat, y_true, y_pred)
            return flat
        # Keras 3 packs y into the one output's structure by iterating it (pack_sequence_as), so y must hold
        # one item: a list or tuple gives that item as it is, nested or not (fit(X, [[y]]): the loss then meets
        # a tuple for one tensor, TF 2.21's 'Expected an instance of tuple, got <tf.Tensor ...>')
        items = len(y_true) if isinstance(y_true, (list, tuple)) else len(nest.flatten(y_true))
        if items != 1:
            flat = nest.flatten(y_true)
            error = ValueError('y_true and y_pred have different structures.\ny_true: %s\ny_pred: %s\n'
                               % (stars(y_true, tuples=True), stars(y_pred)))
            error.add_note('The model has 1 output but y holds %d arrays; give one target per output' % len(flat))
            raise error
        if isinstance(y_true, dict):
            # a dict gives its key, which the loss then fails to convert ("Expected float32, but got dd of
            # type 'str'."), whatever the key: keras.io's text_generation_fnet fits y={'outputs': ...} so on TF
            return next(iter(y_true))
        return y_true[0]

    def _keys_as_targets(self, y_true, y_pred):
        """The error for a dict of targets keyed otherwise than as many outputs: Keras 3 packs it into the
        outputs' flat order by iterating it, so its keys stand as the targets, and the first loss it computes
        converts its key to the loss's dtype (floatx unless a Loss given another): TF 2.21 "Expected float64,
        but got a of type 'str'." for loss=[None, MeanSquaredError(dtype='float64')] and y={'b': .., 'a': ..}."""
        keys, labels = self._keys_and_labels(y_pred)
        losses = dict(zip(keys, self._per_output(self._user_loss, keys, labels, 'loss')))
        order = self._keras_order(y_pred) if isinstance(y_pred, dict) else keys
        first = next((key for key in order if losses.get(key) is not None), keys[0])
        loss = losses[first]
        dtype = loss.dtype if isinstance(loss, Loss) else default_dtype()
        names = list(y_pred) if isinstance(y_pred, dict) else self.output_names
        return keys_as_targets_error(list(y_true)[keys.index(first)], list(y_true), names, dtype)

    def _check_target_count(self, y_true, y_pred):
        """Targets keyed otherwise than the outputs: Keras 3 reconciles them only when they are as many as
        the losses that are not None (leaving out outputs without a loss); other counts are its ValueError."""
        loss = self._user_loss
        losses = list(loss.values()) if isinstance(loss, dict) else loss if isinstance(loss, (list, tuple)) else [loss]
        if len(nest.flatten(y_true)) != sum(item is not None for item in losses):
            raise ValueError('y_true and y_pred have different structures.\ny_true: %s\ny_pred: %s\n'
                             % (stars(y_true, tuples=True), stars(y_pred)))

    def _repack_as_losses(self, y_true, y_pred):
        """A dict of as many targets as losses that are not None, keyed otherwise than the outputs: Keras 3
        packs its values (sorted keys) into the loss's structure, by position, not by name. So with one loss
        for every output, the lone target stands for all, and the first output Keras maps the loss over is
        missing from it (TF 2.21: KeyError "The path: ('a',) ..."); with a loss dict, the targets go to the
        outputs with a loss in sorted order (loss={'a': 'mse', 'b': None}, y={'b': t} trains 'a' on t)."""
        loss = self._user_loss
        if not isinstance(loss, (list, tuple, dict)):
            if self._entries is not None:
                raise too_few_leaves_error(len(y_pred))
            error = missing_target_error(1, len(y_pred), path=_first_path(y_pred))
            error.add_note('y is keyed %s, the outputs %s' % (sorted(y_true), list(y_pred)))
            raise error
        if not isinstance(loss, dict):
            return y_true
        targets = iter(nest.flatten(y_true))
        return {key: next(targets) if loss[key] is not None else None for key in sorted(loss)}

    def _spread_over_losses(self, flat_true, y_true, y_pred):
        """Targets given only for the outputs that have a loss (Keras allows leaving the others out)."""
        flat_loss = (self._per_output(self._user_loss, *self._keys_and_labels(y_pred), 'loss')
                     if isinstance(self._user_loss, (list, tuple, dict)) else [self._user_loss] * len(y_pred))
        with_loss = [i for i, loss in enumerate(flat_loss) if loss is not None]
        if len(flat_true) == 1 < len(with_loss) and not isinstance(self._user_loss, (list, tuple, dict)):
            # one loss for every output: Keras 3 maps it over y_pred's paths and misses (0,) in the one target
            # (once built, it packs the target into the built structure first)
            if self._entries is not None:
                raise too_few_leaves_error(len(with_loss))
            raise missing_target_error(1, len(with_loss), path=_first_path(y_pred))
        if len(flat_true) != len(with_loss):
            # Keras 3's text (its data adapter made y's lists tuples), then how the counts differ
            error = ValueError('y_true and y_pred have different structures.\ny_true: %s\ny_pred: %s\n'
                               % (stars(y_true, tuples=True), stars(y_pred)))
            error.add_note('The model has %d outputs (%d with a loss) but y holds %d arrays; give one target per '
                           'output' % (len(nest.flatten(y_pred)), len(with_loss), len(flat_true)))
            raise error
        spread = [None] * len(flat_loss)
        for i, target in zip(with_loss, flat_true):
            spread[i] = target
        return spread

    # ---- the loss ----------------------------------------------------------------------
    def __call__(self, y_true, y_pred, sample_weight=None):
        if y_true is not None and (self._nested or (self._entries is None and deeply_nested(y_pred))):
            return self._nested_call(y_true, y_pred, sample_weight)
        if (self._entries is None and self.output_names and isinstance(self._user_loss, dict)
                and not isinstance(y_pred, dict)):
            # Keras 3 builds (and checks a loss dict's keys against the outputs) before it reads y_true
            self._per_output(self._user_loss, *self._keys_and_labels(y_pred), 'loss')
        if y_true is None:          # fit / evaluate without y: TF's convert_to_tensor(None) words
            if isinstance(y_pred, (dict, list, tuple)) and len(y_pred) > 1:
                # several outputs: Keras 3 packs the lone None as y_pred's structure and fails there
                if not isinstance(self._user_loss, (list, tuple, dict)):
                    if self._entries is not None:
                        raise too_few_leaves_error(len(y_pred))
                    raise missing_target_error(0, len(y_pred), path=_first_path(y_pred))
                error = ValueError('y_true and y_pred have different structures.\ny_true: *\ny_pred: %s\n'
                                   % stars(y_pred))
                error.add_note('The compiled loss needs a target per output: pass y to fit / evaluate')
                raise error
            error = ValueError('None values not supported.')
            error.add_note('The compiled loss needs targets: pass y to fit / evaluate (or compile without a loss '
                           'when the model adds its own with add_loss)')
            raise error
        y_true = self._align_true(y_true, y_pred)
        if self._entries is None:
            self.build(y_true, y_pred)
        if isinstance(y_pred, (dict, list, tuple)):
            pick = lambda y, key: y[key]
        else:
            pick = lambda y, key: y
        nested_weights = isinstance(sample_weight, (list, tuple, dict))
        if nested_weights and isinstance(y_true, list) and len(sample_weight) != len(y_true) \
                and all(t is not None for t in y_true):
            raise ValueError('You should provide one `sample_weight` array per output in `y`. The two structures did '
                             'not match: y holds %d arrays, sample_weight %d' % (len(y_true), len(sample_weight)))
        # (a dict of weights keyed otherwise than y: arrays meet Keras's structure check before training,
        # sample_weight_structure.py; a dataset's or train_on_batch's weights are looked up per output as
        # Keras's CompileLoss does, so a missing key is its KeyError 'o2' and extra keys go unread)
        return self._scoped_total(y_true, y_pred, sample_weight, pick, nested_weights)

    def _scoped_total(self, y_true, y_pred, sample_weight, pick, nested_weights):
        if trace_names.ACTIVE:
            # Keras 3's CompileLoss and each loss open a name scope: in a traced step, the ops of a
            # user's loss print as Tensor("compile_loss/my_loss/sub:0", ...)
            with name_scope('compile_loss'):
                return self._total(y_true, y_pred, sample_weight, pick, nested_weights, scoped=True)
        return self._total(y_true, y_pred, sample_weight, pick, nested_weights)

    _nested = False     # the outputs nest deeper than one list or dict (nested_outputs.py)

    def _nested_call(self, y_true, y_pred, sample_weight):
        """The loss of a model whose outputs nest deeper than one list or dict: each loss is found by its
        path in the outputs' tree and logs under that path ('p/a_loss'), as Keras 3's _build_nested."""
        y_true = align_targets(y_true, y_pred, self._user_loss)
        if self._entries is None:
            built = build_losses(self._user_loss, self._user_weights, y_true, y_pred, self.output_names)
            self._entries = [(path, loss, weight) for path, loss, weight, _ in built]
            self._nested = True
            if len(built) > 1:
                self.metrics = [metrics_module.Mean(name='%s_loss' % name) for *_, name in built]
        return self._scoped_total(y_true, y_pred, sample_weight, lambda y, path: resolve_path(path, y),
                                  isinstance(sample_weight, (list, tuple, dict)))

    def _total(self, y_true, y_pred, sample_weight, pick, nested_weights, scoped=False):
        """The weighted sum of the losses (each output's tracker updated)."""
        trackers = [None] * len(self._entries) if self._idle_trackers or not self.metrics else self.metrics
        total = None
        terms = [] if 3 <= len(self._entries) <= 9 and graph_rewrites.tracing() else None     # (see _graph_sum)
        for index, ((key, loss, weight), tracker) in enumerate(zip(self._entries, trackers)):
            t, p = pick(y_true, key), pick(y_pred, key)
            try:
                value = self._value(loss, t, p, pick(sample_weight, key) if nested_weights else sample_weight, scoped)
            except InvalidArgumentError as error:        # in a traced step, TF's graph refuses the shapes
                # (in the scope the loss ran in: a second 'mse' runs in TF's uniquified 'mse_1')
                scope = self._running_scope.split('/')[-2] if scoped and self._running_scope else None
                traced = in_traced_step(error, scope or getattr(loss, 'name', None), loss, p)
                if traced is error:     # a kernel's error when the graph runs (a label out of range)
                    at_run = weight_mul_at_run(error, scope or getattr(loss, 'name', None), loss, p,
                                               bool(tape.thread_tapes()))
                    if at_run is None:          # labels whose rank the trace's open batch axis let pass
                        at_run = first_op_at_run(error, scope or getattr(loss, 'name', None),
                                                 bool(tape.thread_tapes()))
                    if at_run is not None:      # (the node the step's run names, the error it gives)
                        at_run[1].step_node = at_run[0]
                        raise at_run[1] from None
                    note_loss_node(error, _graph_name(index, None, loss, self._entries))
                    raise
                raise traced from None
            if tracker is not None:         # the output's loss before loss_weights
                tracker.update_state(value, sample_weight=float(p.shape[0]) if self._weighs_batches() else None)
            if weight is not None:
                try:
                    value = value * float(weight)
                except ValueError:
                    if not isinstance(weight, str):
                        raise
                    raise _string_weight_error(weight) from None
            if terms is not None:
                terms.append((_graph_name(index, weight, loss, self._entries), value))
            elif total is None:
                # Keras's sum(loss_values) starts from 0: run eagerly, 0 + loss is an op of TF's tape, so the
                # first output's loss sits one op deeper in its backward queue (backward_order.py) than the
                # second's, and a tensor read by three heads adds their gradients as (h2 + h1) + h0
                # (TF 2.21, run_eagerly; (l0 + l1) + l2 gave (h2 + h0) + h1). In a traced step grappler
                # folds the 0 away and sorts the AddN by name instead (_graph_sum).
                total = value if graph_rewrites.tracing() else 0 + value
            else:
                total = total + value
        for loss in self._dropped:      # (see _build_stacked)
            self._value(loss, y_true, y_pred, sample_weight, scoped)
        return total if terms is None else _graph_sum(terms)

    traced_scope = None     # the scope the first loss last ran in, in a traced step ('compile_loss/mse/')
    _running_scope = None   # the scope of the loss running now ('compile_loss/mse_1/' for a second 'mse')

    def _value(self, loss, y_true, y_pred, sample_weight, scoped):
        """``loss``'s value; ``scoped``: in the name scope Keras 3 opens for it (a traced step's)."""
        if not scoped or not isinstance(loss.name, str):     # (the loss's call refuses such a name, as Keras's)
            return loss(y_true, y_pred, sample_weight)
        with name_scope(loss.name) as scope:
            self._running_scope = scope
            if loss is self._entries[0][1]:     # (graph_op_names names compute_loss's result in it)
                self.traced_scope = scope
            return loss(y_true, y_pred, sample_weight)

    def _weighs_batches(self):
        """Whether a per-output tracker weighs this batch by its size. Keras passes the output's static
        batch length (``y_pred.shape[0]``): known when run eagerly or when the step's trace has fixed
        shapes (batches all of one size), None (each batch counted once) when the trace leaves it open.
        The weights add in float32 as total / count, so the two differ in the last bit."""
        if self.weigh_by_batch_size:
            return True
        state = graph_random_ops.current()
        # (None: no trace runs, a user's eager model.compute_loss call, where y_pred's length is known)
        return state is None or state.static_shapes


def _graph_name(index, weight, loss, entries):
    """The name of the ``index``-th weighted loss's node in Keras's traced step: its ``loss * weight``
    Mul, the scope's (index * 2 + 1)-th mul (the output's loss tracker makes the other), or, where the
    weight is 1 (grappler drops the product) or None, the loss's own last op in its scope
    ('compile_loss/mse/div_no_nan'; a second 'mse' runs in 'mse_1')."""
    if weight is not None and weight != 1:
        return 'compile_loss/Mul_%d' % (2 * index + 1)
    name = getattr(loss, 'name', '')
    earlier = sum(getattr(other, 'name', None) == name for _, other, _ in entries[:index])
    return 'compile_loss/%s/' % (name if not earlier else '%s_%d' % (name, earlier))


def _graph_sum(terms):
    """The losses' total as grappler adds it in a traced step: Keras's ``sum(loss_values)`` becomes one
    AddN (AddOpsRewrite), whose inputs grappler sorts by node name (``_graph_name``), as it does any
    commutative op's. Measured on TF 2.21 (notes progs/histories3/d6.py - d8.py): losses weighted
    [2, 1, 0.5] add as (cls + bin) + reg, the reg loss 'compile_loss/mse/div_no_nan' sorting after
    'compile_loss/Mul_5'; three losses added left to right put fit's 'loss' an ulp off TF's. The losses
    are scalars, so this holds on a None batch too. Up to nine terms (AddN adds more in chunks of eight)."""
    total = None
    for _, value in sorted(terms, key=lambda term: term[0]):
        total = value if total is None else total + value
    return total


def _string_weight_error(weight):
    """Keras multiplies the loss by a string weight and its type promotion refuses it: met by Keras 2's
    ``compile(optimizer, loss, metrics)`` order, whose third argument is Keras 3's ``loss_weights``."""
    error = ValueError("dtype='string' is not a valid dtype for Keras type promotion.")
    error.add_note('loss_weights holds %r: compile\'s third positional argument is loss_weights in Keras 3 '
                   '(metrics in Keras 2); pass metrics=[...] by name' % (weight,))
    return error


def _first_path(y_pred):
    """Where Keras 3 first looks for a target when one loss maps over the outputs: index 0, or the first key
    of a dict of outputs in the model's own order (TF 2.21: "The path: ('b',) ..." for outputs {'b', 'a'})."""
    return next(iter(y_pred)) if isinstance(y_pred, dict) else 0


def _dict_keys(d):
    """A dict's keys in ``nest.flatten`` order (sorted, as Keras's tree flattens dicts)."""
    return sorted(d)
