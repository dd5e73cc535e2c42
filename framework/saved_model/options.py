"""``tf.saved_model.SaveOptions`` / ``LoadOptions``: TensorFlow's option objects.

A tapeflow SavedModel is the pickled Python object (see the package docstring),
so what these options tune in TensorFlow's graph writer already holds here:
custom gradients travel with the functions that define them, and there is no
debug info, device placement or sharding to choose. The options are kept as
given, so programs that build and pass them run unchanged, and checked as TF 2.21 checks them.
"""
import enum

from ..keras_repr import default_repr


class VariablePolicy(enum.Enum):
    """``tf.saved_model.experimental.VariablePolicy``: how a save treats variables' devices and distributed
    variables (tapeflow has neither to write: the value is kept)."""
    NONE = None
    SAVE_VARIABLE_DEVICES = 'save_variable_devices'
    EXPAND_DISTRIBUTED_VARIABLES = 'expand_distributed_variables'

    @staticmethod
    def from_obj(obj):
        """``obj`` (None, a policy, or its value in any case) as a VariablePolicy.

        Raises:
            ValueError: TF 2.21's 'Received invalid VariablePolicy value: ...'.
        """
        if obj is None:
            return VariablePolicy.NONE
        if isinstance(obj, VariablePolicy):
            return obj
        key = str(obj).lower()
        for policy in VariablePolicy:
            if key == policy.value:
                return policy
        raise ValueError('Received invalid VariablePolicy value: %s.' % (obj,))


def _namespace_whitelist(names):
    """TF 2.21's check: None or a list of strings."""
    if names is None:
        return None
    if not isinstance(names, list):
        raise TypeError('`namespace_whitelist` must be a list of strings. Got: %s with type %s.' % (names, type(names)))
    for name in names:
        if not isinstance(name, str):
            raise ValueError('Whitelisted namespace must be a string. Got: %s of type %s.' % (name, type(name)))
    return list(names)


class SaveOptions:
    """Options for ``tf.saved_model.save``, under TensorFlow 2.21's names.

    Raises:
        TypeError / ValueError: TF 2.21's: a namespace_whitelist that is no list of strings, an unknown
            experimental_variable_policy, experimental_image_format (disabled in TF's open-source build).
    """
    __repr__ = default_repr     # TF's object repr, its module named as TF names it
    __slots__ = ('namespace_whitelist', 'save_debug_info', 'function_aliases', 'experimental_debug_stripper',
                 'experimental_io_device', 'experimental_variable_policy', 'experimental_custom_gradients',
                 'experimental_image_format', 'experimental_skip_saver', 'experimental_sharding_callback',
                 'extra_tags')

    def __init__(self, namespace_whitelist=None, save_debug_info=False, function_aliases=None,
                 experimental_debug_stripper=False, experimental_io_device=None,
                 experimental_variable_policy=None, experimental_custom_gradients=True,
                 experimental_image_format=False, experimental_skip_saver=False,
                 experimental_sharding_callback=None, extra_tags=None):
        self.namespace_whitelist = _namespace_whitelist(namespace_whitelist)
        self.save_debug_info = save_debug_info
        self.function_aliases = dict(function_aliases or {})
        self.experimental_debug_stripper = experimental_debug_stripper
        self.experimental_io_device = experimental_io_device
        self.experimental_variable_policy = VariablePolicy.from_obj(experimental_variable_policy)
        self.experimental_custom_gradients = experimental_custom_gradients
        if experimental_image_format:
            raise ValueError('The option `experimental_image_format` is disabled in OSS.')
        self.experimental_image_format = experimental_image_format
        self.experimental_skip_saver = experimental_skip_saver
        self.experimental_sharding_callback = experimental_sharding_callback
        self.extra_tags = extra_tags


class LoadOptions:
    """Options for ``tf.saved_model.load``, under TensorFlow 2.21's names.

    Raises:
        ValueError: an unknown experimental_variable_policy (TF 2.21's words).
    """
    __repr__ = default_repr     # TF's object repr, its module named as TF names it
    __slots__ = ('allow_partial_checkpoint', 'experimental_io_device', 'experimental_skip_checkpoint',
                 'experimental_variable_policy', 'experimental_load_function_aliases')

    def __init__(self, allow_partial_checkpoint=False, experimental_io_device=None,
                 experimental_skip_checkpoint=False, experimental_variable_policy=None,
                 experimental_load_function_aliases=False):
        self.allow_partial_checkpoint = allow_partial_checkpoint
        self.experimental_io_device = experimental_io_device
        self.experimental_skip_checkpoint = experimental_skip_checkpoint
        self.experimental_variable_policy = VariablePolicy.from_obj(experimental_variable_policy)
        self.experimental_load_function_aliases = experimental_load_function_aliases
