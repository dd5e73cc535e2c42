"""The metrics given to ``compile``, for one output or several (Keras 3's ``CompileMetrics``).

With one output every metric applies to it and logs under its own name ('mae').
With several, ``metrics`` is a list with one entry per output (a metric or a list
of them) or a dict keyed by output name, and each result is logged as
'<output name>_<metric name>' ('department_accuracy'), as Keras 3 names them.
"""
from framework import graph_random_ops, nest
from framework.losses.loss import default_dtype

from .compile import SINGLE_ARRAYS, get_metric
from .nested_outputs import TreeMismatch, build_metric_lists


def _NONE():
    return None


class MetricsList:
    """The metrics of one output, and the name that prefixes theirs."""

    def __init__(self, metrics, output_name=None):
        self.metrics = metrics
        self.output_name = output_name


class CompileMetrics:
    """The metrics given to ``compile``, built on the first batch.

    ``metrics`` are updated without sample weights, ``weighted_metrics`` with
    them; ``result()`` names them as Keras 3 does (a repeated weighted name
    gets the 'weighted_' prefix, other repeats a '_1', '_2' suffix).

    Raises:
        ValueError: metrics that are not a list, tuple or dict, or unknown names.
    """

    name = 'compile_metrics'

    def __repr__(self):    # print(model.metrics) shows it as Keras 3 does
        return '<CompileMetrics name=compile_metrics>'

    def __init__(self, metrics, weighted_metrics, output_names=None):
        for argument, value in (('metrics', metrics), ('weighted_metrics', weighted_metrics)):
            if value and not isinstance(value, (list, tuple, dict)):
                raise ValueError('Expected `%s` argument to be a list, tuple, or dict. Received instead: %s=%s of '
                                 'type %s' % (argument, argument, value, type(value)))      # Keras 3.15's words
            # (names Keras cannot interpret fail at the first step, where Keras 3 resolves them)
        self._user_metrics = metrics
        self._user_weighted = weighted_metrics
        self.output_names = list(output_names) if output_names else None
        self._flat = self._flat_weighted = []
        self._resolved_names = None
        self._untraceable = ()
        self.built = False
        # Keras 3's CompileMetrics is a Metric made without a dtype: floatx at compile time, whatever
        # the dtype policy (TF 2.21 prints 'float32' for model.metrics[1].dtype under mixed_float16)
        self.dtype = default_dtype()

    def get_config(self):
        # Keras 3's CompileMetrics.get_config raises a bare NotImplementedError (compile's own config
        # keeps the metrics); what to do, in a note
        error = NotImplementedError()
        error.add_note('compile_metrics has no config: read model.get_compile_config() instead')
        raise error

    @property
    def metrics(self):
        """Every metric object, output by output (Keras's ``CompileMetrics.metrics``)."""
        return [m for group in self._flat + self._flat_weighted if group for m in group.metrics]

    @property
    def variables(self):
        """The variables of every metric, in ``metrics`` order (Keras's ``CompileMetrics.variables``)."""
        return [v for m in self.metrics for v in m.variables]

    def build(self, y_true, y_pred):
        count = len(nest.flatten(y_pred))
        is_flat = isinstance(y_pred, (list, tuple, dict)) and len(y_pred) == count
        names = self.output_names
        if is_flat and isinstance(y_pred, dict):
            names = self.output_names if self.output_names and set(y_pred) == set(self.output_names) \
                else sorted(y_pred)
        self._resolved_names = names if count > 1 and is_flat else None
        self._flat = self._build_set(self._user_metrics, count, names, y_true, y_pred, is_flat, 'metrics')
        self._flat_weighted = self._build_set(self._user_weighted, count, names, y_true, y_pred, is_flat,
                                              'weighted_metrics')
        # Keras's traced step reads every result after the updates (get_metrics_result); metrics whose
        # result() TF cannot trace (R2Score with num_regressors) fail there
        self._untraceable = [m for m in self.metrics if getattr(m, 'traced_result_refusal', _NONE)() is not None]
        self.built = True

    def _build_set(self, metrics, count, names, y_true, y_pred, is_flat, argument):
        if not metrics:
            return [None] * count
        if count == 1:
            # one output: every metric applies to it, named without a prefix
            return [_metrics_list(nest.flatten(metrics), self._flatten(y_true)[0], nest.flatten(y_pred)[0], None)]
        per_output = None
        if is_flat and isinstance(metrics, (list, tuple)) and len(metrics) == count:
            per_output = list(metrics)
        elif is_flat and names and isinstance(metrics, dict) and set(metrics) <= set(names):
            per_output = [metrics.get(name) for name in names]
        if per_output is None and not is_flat and isinstance(y_pred, (list, tuple, dict)):
            # outputs nested deeper ({'p': [a, b], 'q': c}): matched leaf by leaf, named by output layer
            try:
                return build_metric_lists(metrics, y_true, y_pred, self.output_names, _metrics_list)
            except TreeMismatch as mismatch:    # Keras's text names the first subtree that differs
                raise ValueError(_structure_error(argument, metrics, y_pred, self.output_names,
                                                  at=(mismatch.metrics, mismatch.outputs))) from None
            except ValueError as error:     # an unknown metric name: its words come first
                raise ValueError('%s\n%s' % (error, _structure_error(argument, metrics, y_pred, self.output_names,
                                                                     at=False))) from error
        if per_output is None:
            raise ValueError(_structure_error(argument, metrics, y_pred, self.output_names))
        labels = names if names else [None] * count
        try:
            return [_metrics_list(m, t, p, n)
                    for m, t, p, n in zip(per_output, self._flatten(y_true), self._flatten(y_pred), labels)]
        except ValueError as error:     # Keras 3 shows which argument held the unknown metric
            raise ValueError('%s\nReceived: %s=%s' % (error, argument, metrics)) from error

    def _flatten(self, y):
        if type(y) in SINGLE_ARRAYS:        # one output's batch (fit's every step): nothing to walk
            return [y]
        if isinstance(y, dict) and self._resolved_names is not None:
            return [y[name] for name in self._resolved_names]
        return nest.flatten(y)

    def update_state(self, y_true, y_pred, sample_weight=None):
        if not self.built:
            self.build(y_true, y_pred)
        y_true, y_pred = self._flatten(y_true), self._flatten(y_pred)
        for group, t, p in zip(self._flat, y_true, y_pred):
            if group:
                for m in group.metrics:     # Keras's MetricsList passes sample_weight=None by keyword: a
                    m.update_state(t, p, sample_weight=None)    # metric without it fails (TypeError) as on TF
        if sample_weight is not None:
            weights = self._flatten(sample_weight)
            if len(weights) < len(y_true):         # one sample weight serves every output
                weights = [weights[0]] * len(y_true)
        else:
            weights = [None] * len(y_true)
        for group, t, p, w in zip(self._flat_weighted, y_true, y_pred, weights):
            if group:
                for m in group.metrics:
                    m.update_state(t, p, sample_weight=w)
        if self._untraceable and graph_random_ops.current() is not None:
            raise self._untraceable[0].traced_result_refusal()

    def reset_state(self):
        for m in self.metrics:
            m.reset_state()

    def result(self):
        """{name: scalar tensor}: metrics, then weighted metrics, named as Keras 3 names them.

        Raises:
            ValueError: before the first update built them, as Keras 3 (a custom train_step that
                never updates the compiled metrics fails when fit reads the results at the epoch's end).
        """
        if not self.built:
            raise ValueError('Cannot get result() since the metric has not yet been built.')
        results, seen = {}, {}
        for group in self._flat:
            for m in (group.metrics if group else ()):
                name = _prefixed(group, m.name)
                if name in seen:
                    seen[name] += 1
                    name = '%s_%d' % (name, seen[name] - 1)
                else:
                    seen[name] = 1
                results[name] = m.result()
        for group in self._flat_weighted:
            for m in (group.metrics if group else ()):
                name = _prefixed(group, m.name)
                if name in seen:
                    name = _prefixed(group, 'weighted_' + m.name)
                    if name in seen:
                        seen[name] += 1
                        name = '%s_%d' % (name, seen[name] - 1)
                    else:
                        seen[name] = 1
                else:
                    seen[name] = 1
                results[name] = m.result()
        return results


def _prefixed(group, name):
    return '%s_%s' % (group.output_name, name) if group.output_name else name


def _metrics_list(metrics, y_true, y_pred, output_name):
    if metrics is None:
        return None
    items = metrics if isinstance(metrics, (list, tuple)) else [metrics]
    return MetricsList([get_metric(m, y_true, y_pred) for m in items], output_name)


def _structure_error(argument, metrics, y_pred, output_names, at=None):
    """Keras 3's text for metrics that do not match the outputs: the tree library's complaint (its
    'tuple arity mismatch' for a list of another length), then the outputs' structure with X leaves.
    ``at``: the (metrics, outputs) subtrees where a nested walk found them to differ (the complaint
    is about those), or False for no complaint (an unknown metric's words come first instead)."""
    structure = _xs(y_pred)
    first = ''
    if at is not None:
        if at is False:
            return _invalid_text(argument, metrics, structure, output_names)
        metrics_part, y_pred = at
    else:
        metrics_part = metrics
    metrics_whole, metrics = metrics, metrics_part
    if isinstance(y_pred, (list, tuple)):
        if not isinstance(metrics, (list, tuple)):
            first = 'Expected an instance of tuple, got %r.\n' % (_lists_to_tuples(metrics),)
        elif len(metrics) != len(y_pred):
            first = ('tuple arity mismatch; expected: %d, got: %d; tuple: %r.\n'
                     % (len(y_pred), len(metrics), _lists_to_tuples(metrics)))
    elif isinstance(y_pred, dict):
        if isinstance(metrics, dict):
            first = _key_mismatch(list(y_pred), metrics)
        else:
            first = ('Expected an instance of dict, collections.OrderedDict, or collections.defaultdict, got %r.\n'
                     % (_lists_to_tuples(metrics),))
    return first + _invalid_text(argument, metrics_whole, structure, output_names)


def _invalid_text(argument, metrics, structure, output_names):
    names = ('either be a dict or a list matching the output names of the functional model %s or '
             % (output_names,)) if output_names else ''
    return ('Invalid `%s`. `%s` should contain metrics objects and %smatch the output structure of the model: '
            '%s.\nReceived: %s=%s' % (argument, argument, names, structure, argument, metrics))


def _xs(y_pred):
    """The outputs' structure with 'X' for each tensor, as Keras 3 shows it (nested ones too)."""
    if isinstance(y_pred, dict):
        return {key: _xs(value) for key, value in y_pred.items()}
    if isinstance(y_pred, (list, tuple)):
        return type(y_pred)(_xs(value) for value in y_pred)
    return 'X'


def _key_mismatch(expected, metrics):
    """The tree library's words for a metrics dict keyed otherwise than the outputs dict (Keras 3 puts them
    first): the sorted key lists, the missing and extra ones (each left out when empty), then the dict."""
    def ordered(keys):
        try:
            return sorted(keys)
        except TypeError:       # keys of mixed types: as given
            return list(keys)
    parts = ['expected key(s): %r' % ordered(expected), 'got key(s): %r' % ordered(metrics)]
    missing, extra = [k for k in expected if k not in metrics], [k for k in metrics if k not in expected]
    if missing:
        parts.append('missing key(s): %r' % ordered(missing))
    if extra:
        parts.append('extra key(s): %r' % ordered(extra))
    return 'dictionary key mismatch; %s; dict: %r.\n' % (', '.join(parts), _lists_to_tuples(metrics))


def _lists_to_tuples(value):
    if isinstance(value, (list, tuple)):
        return tuple(_lists_to_tuples(v) for v in value)
    if isinstance(value, dict):
        return {key: _lists_to_tuples(v) for key, v in value.items()}
    return value
