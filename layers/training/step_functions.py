"""``Model.make_train_function`` / ``make_test_function`` / ``make_predict_function`` (Keras 3):
each sets ``train_function`` (``test_function``), a function of an iterator of batches that runs
``steps_per_execution`` steps on them and returns the last step's logs, or ``predict_function``, a
function of a list of batches (one per step, as Keras's predict loop hands it) that returns their
outputs joined along the batch axis (the first batch's alone when steps_per_execution is 1). As
Keras 3.15's TF backend, making one returns None and asking again (without ``force``) returns the
one made. tapeflow's fit / evaluate / predict run their own loops (they neither make nor use these);
these run the model's own ``train_step`` / ``test_step`` / ``predict_step`` eagerly."""
from framework import nest
from framework.ops import concat


def made(model, attribute, step, force):
    """The function ``model.<attribute>`` holds, if made and not ``force``; else make it (return None)."""
    existing = getattr(model, attribute)
    if existing is not None and not force:
        return existing
    setattr(model, attribute, _over_list(model, step) if attribute == 'predict_function' else _over_iterator(model, step))
    return None


def _over_iterator(model, step):
    def function(iterator):
        logs = None
        for _ in range(max(1, model.steps_per_execution)):
            try:
                data = next(iterator)
            except StopIteration:
                if logs is None:
                    raise
                break
            logs = step(data)
        return logs
    return function


def _over_list(model, step):
    def function(data):
        outputs = step(data[0])
        for batch in data[1:] if model.steps_per_execution > 1 else ():     # (Keras: one step reads data[0])
            outputs = nest.map_structure(lambda a, b: concat([a, b], 0), outputs, step(batch))
        return outputs
    return function
