"""The metrics a layer holds, as Keras 3 lists them (``Layer.metrics``, ``Model.metrics``).

A layer's metrics are the Metric objects among its attributes, in attribute order (also those
inside lists, tuples and dicts), then each direct sublayer's metrics. A Model reports, after its
own (loss tracker, compiled metrics, metric attributes), the metrics of every layer below it
except nested Models: so a layer that updates a metric in ``call`` (keras.io's endpoint layer
pattern) shows it in fit's logs. Keras 3 walks every layer below and asks each for its metrics,
which again include its sublayers': a metric two levels down is listed twice there, and here.
"""
from framework.metrics.metric import Metric

from . import tracking


def own_metrics(layer, skip=()):
    """The Metric objects held by ``layer``'s attributes, each once, leaving out ``skip``."""
    found, seen = [], {id(m) for m in skip}
    pending = [value for name, value in layer.__dict__.items() if name not in tracking.NOT_SUBLAYER_NAMES]
    pending.reverse()
    while pending:
        value = pending.pop()
        if isinstance(value, Metric):
            if id(value) not in seen:
                seen.add(id(value))
                found.append(value)
        elif type(value) in tracking.CONTAINERS:
            items = list(value.values() if isinstance(value, dict) else value)
            pending.extend(reversed(items))
    return found


def layer_metrics(layer):
    """Keras 3's ``Layer.metrics``: own metrics, then each direct sublayer's ``metrics``."""
    return own_metrics(layer) + [m for sub in tracking.direct_sublayers(layer) for m in sub.metrics]


def model_metrics(model, skip, trainer_class):
    """What Keras 3's ``Model.metrics`` lists after the loss trackers and compiled metrics: the
    model's metric attributes (``skip`` left out), then ``metrics`` of each layer below (depth
    first), nested Models (``trainer_class``) passed over. Kept with the model's weight walk,
    which any attribute set below drops, since fit's logs ask every step."""
    walk = model._walk()
    if walk.metrics is None:
        walk.metrics = own_metrics(model, skip) + [
            m for sub in walk.subs if not isinstance(sub, trainer_class) for m in sub.metrics]
    return list(walk.metrics)
