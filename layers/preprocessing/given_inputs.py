"""Layers that read what the user passed, before Layer.__call__ converts it.

Keras 3's StringLookup and TextVectorization convert their input themselves, keeping its own dtype
(a NumPy float64 array, a Python int64, a list of numbers), where tapeflow's Layer.__call__ hands
call a converted tensor: their refusals word the value as it was given (TF 2.21's Cast double / the
'Failed to convert a NumPy array' ValueError). The mixin keeps it in ``_given_inputs`` for the call.
"""


class KeepsGivenInputs:
    """Mixin (before the Layer base): ``self._given_inputs`` is the call's first argument as passed,
    for the length of the call; None otherwise."""

    def __call__(self, inputs, *args, **kwargs):
        self.__dict__['_given_inputs'] = inputs
        try:
            return super().__call__(inputs, *args, **kwargs)
        finally:
            self.__dict__['_given_inputs'] = None
