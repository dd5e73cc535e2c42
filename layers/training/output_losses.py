"""The losses of one model output, as Keras 3 reads a nested ``loss`` given to compile."""


def losses_of_output(loss, key):
    """The losses one output takes, as Keras 3's CompileLoss._build_nested walks its part of ``loss``: a list
    of losses all count on that output (loss={'a': ['mse', 'mae'], ...}); a dict, which the output (one tensor)
    cannot match, is its KeyError (TF 2.21: "The path: ('a',) in the `loss` argument, can't be found in the
    model's output (`y_pred`).")."""
    if loss is None:
        return []
    if isinstance(loss, dict):
        raise KeyError("The path: %r in the `loss` argument, can't be found in the model's output (`y_pred`)."
                       % ((key,),))
    if isinstance(loss, (list, tuple)):
        return [one for item in loss for one in losses_of_output(item, key)]
    return [loss]
