"""What ``compile`` accepts, resolved: the optimizer, the loss and the metrics.

Mirrors Keras 3's ``compile_utils``: names are checked when ``compile`` runs
(an unknown name fails at once, listing the valid ones), while choices that
depend on the data ('accuracy', 'crossentropy') are made on the first batch,
from the shapes of y_true and y_pred.
"""
from framework import losses as losses_module
from framework import metrics as metrics_module
from framework import nest
from framework.losses.naming import object_name


def resolve_optimizer(identifier):
    """An optimizer instance from a name ('adam'), a config dict or an instance."""
    import optim
    try:
        return optim.get(identifier)
    except ValueError as err:
        raise ValueError('compile(optimizer=%r): %s' % (identifier, err)) from None


def _is_binary_or_sparse(y_true, y_pred):
    is_binary = y_pred.shape[-1] == 1
    is_sparse = y_true.ndim < y_pred.ndim or (y_true.shape[-1] == 1 and y_pred.shape[-1] > 1)
    return is_binary, is_sparse


def _check_name(kind, identifier, get):
    """Resolve a name now so that a typo fails in compile(), not in fit()."""
    if isinstance(identifier, str) and identifier.lower() not in _BY_SHAPE[kind]:
        try:
            get(identifier)
        except ValueError as err:
            raise ValueError('compile(%s=%r): %s' % (kind, identifier, err)) from None


_BY_SHAPE = {'loss': ('crossentropy', 'ce'), 'metrics': ('accuracy', 'acc')}


def get_loss(identifier, y_true, y_pred):
    """A ``Loss`` object for ``identifier``; 'crossentropy' picks its kind from the shapes."""
    if isinstance(identifier, str) and identifier.lower() in _BY_SHAPE['loss']:
        is_binary, is_sparse = _is_binary_or_sparse(y_true, y_pred)
        loss = (losses_module.binary_crossentropy if is_binary else
                losses_module.sparse_categorical_crossentropy if is_sparse else
                losses_module.categorical_crossentropy)
    else:
        loss = losses_module.get(identifier)
    if isinstance(loss, losses_module.Loss):
        return loss
    name = identifier if isinstance(identifier, str) else object_name(loss)
    return losses_module.LossFunctionWrapper(loss, name=name)


def get_metric(identifier, y_true, y_pred):
    """A ``Metric`` for ``identifier``, named as Keras 3 names it in logs.

    A string keeps its own spelling as the name ('mae' logs as 'mae');
    'accuracy'/'acc' become binary, sparse categorical or categorical accuracy
    depending on the shapes of y_true and y_pred.
    """
    return metrics_module.compile_metric(identifier, tuple(y_true.shape), tuple(y_pred.shape))


class CompiledLoss:
    """The loss given to ``compile``: one per output, scaled by ``loss_weights``, summed.

    Args:
        loss: a name, function or ``Loss``; or a list of them, one per output.
        loss_weights: a float, or a list with one per output.
    """

    def __init__(self, loss, loss_weights=None):
        for item in nest.flatten(loss):
            if item is not None:
                _check_name('loss', item, losses_module.get)
        if isinstance(loss, dict):
            raise ValueError('compile(loss=dict): losses keyed by output name need a functional model with '
                             'named outputs; give a list with one loss per output instead')
        self._user_loss = loss
        self._user_weights = loss_weights
        self._flat = None          # [(Loss or None, weight or None)] per output

    def _build(self, flat_true, flat_pred):
        losses = self._user_loss if isinstance(self._user_loss, (list, tuple)) else [self._user_loss]
        if len(losses) == 1 and len(flat_pred) > 1:
            losses = losses * len(flat_pred)
        if len(losses) != len(flat_pred):
            raise ValueError('compile(loss=...): %d losses given for a model with %d outputs'
                             % (len(losses), len(flat_pred)))
        weights = self._user_weights
        if weights is None or isinstance(weights, (int, float)):
            weights = [weights] * len(flat_pred)
        if len(weights) != len(flat_pred):
            raise ValueError('compile(loss_weights=...): %d weights given for a model with %d outputs'
                             % (len(weights), len(flat_pred)))
        self._flat = [(None if l is None else get_loss(l, t, p), w)
                      for l, w, t, p in zip(losses, weights, flat_true, flat_pred)]

    def __call__(self, y_true, y_pred, sample_weight=None):
        flat_pred = nest.flatten(y_pred)
        flat_true = nest.flatten(y_true)
        if len(flat_true) != len(flat_pred):
            raise ValueError('The model has %d outputs but y holds %d arrays; give one target per output'
                             % (len(flat_pred), len(flat_true)))
        if self._flat is None:
            self._build(flat_true, flat_pred)
        flat_sw = nest.flatten(sample_weight) if isinstance(sample_weight, (list, tuple)) else None
        total = None
        for i, ((loss, weight), t, p) in enumerate(zip(self._flat, flat_true, flat_pred)):
            if loss is None:
                continue
            value = loss(t, p, flat_sw[i] if flat_sw else sample_weight)
            if weight is not None:
                value = value * float(weight)
            total = value if total is None else total + value
        return total


class CompiledMetrics:
    """The metrics given to ``compile``, built on the first batch (Keras's ``CompileMetrics``).

    ``metrics`` are updated without sample weights, ``weighted_metrics`` with
    them; ``result()`` names them as Keras 3 does (a repeated weighted name
    gets the 'weighted_' prefix).
    """

    name = 'compile_metrics'

    def __init__(self, metrics, weighted_metrics):
        for argument, value in (('metrics', metrics), ('weighted_metrics', weighted_metrics)):
            if value is not None and not isinstance(value, (list, tuple)):
                raise ValueError('compile(%s=...) expects a list or tuple of metrics, got %r of type %s'
                                 % (argument, value, type(value).__name__))
            for item in value or ():
                _check_name('metrics', item, metrics_module.get)
        self._user_metrics = list(metrics or [])
        self._user_weighted = list(weighted_metrics or [])
        self._unweighted = []
        self._weighted = []
        self.built = False

    @property
    def metrics(self):
        return self._unweighted + self._weighted

    def build(self, y_true, y_pred):
        if len(nest.flatten(y_pred)) != 1:
            raise ValueError('compile(metrics=...): metrics are supported for models with one output; this '
                             'model has %d' % len(nest.flatten(y_pred)))
        y_true, y_pred = nest.flatten(y_true)[0], nest.flatten(y_pred)[0]
        self._unweighted = [get_metric(m, y_true, y_pred) for m in self._user_metrics]
        self._weighted = [get_metric(m, y_true, y_pred) for m in self._user_weighted]
        self._names = _result_names(self._unweighted, self._weighted)
        self.built = True

    def update_state(self, y_true, y_pred, sample_weight=None):
        if not self.built:
            self.build(y_true, y_pred)
        y_true, y_pred = nest.flatten(y_true)[0], nest.flatten(y_pred)[0]
        for m in self._unweighted:
            m.update_state(y_true, y_pred)
        for m in self._weighted:
            m.update_state(y_true, y_pred, sample_weight=sample_weight)

    def reset_state(self):
        for m in self.metrics:
            m.reset_state()

    def result(self):
        """{name: scalar tensor} in Keras's order: metrics, then weighted metrics."""
        if not self.built:
            return {}
        return {name: m.result() for name, m in zip(self._names, self.metrics)}


def _result_names(unweighted, weighted):
    names, seen = [], {}
    for m in unweighted:
        name = m.name
        if name in seen:
            seen[name] += 1
            name = '%s_%d' % (name, seen[m.name] - 1)
        else:
            seen[name] = 1
        names.append(name)
    for m in weighted:
        name = m.name
        if name in seen:
            name = 'weighted_' + m.name
            if name in seen:
                seen[name] += 1
                name = '%s_%d' % (name, seen[name] - 1)
        seen.setdefault(name, 1)
        names.append(name)
    return names
