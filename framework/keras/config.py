"""``keras.config``: Keras 3's home of the global settings (the same functions as keras.backend,
keras.mixed_precision and keras.utils export)."""
from ._forward import forward

_CONFIG = {
    name: 'framework.keras.%s:%s' % (module, name) for module, names in (
        ('backend', ('backend', 'epsilon', 'floatx', 'image_data_format', 'set_epsilon', 'set_floatx',
                     'set_image_data_format')),
        ('mixed_precision', ('dtype_policy', 'set_dtype_policy')),
        ('backend_switch', ('set_backend',)),
        ('interactive_logging', ('disable_interactive_logging', 'enable_interactive_logging',
                                 'is_interactive_logging_enabled')),
        ('run_limits', ('max_epochs', 'max_steps_per_epoch', 'set_max_epochs', 'set_max_steps_per_epoch')),
        ('global_switches', ('disable_traceback_filtering', 'enable_traceback_filtering',
                             'enable_unsafe_deserialization', 'is_traceback_filtering_enabled',
                             'enable_flash_attention', 'disable_flash_attention', 'is_flash_attention_enabled',
                             'is_nnx_enabled'))) for name in names}
# a star import binds these names only, as Keras's keras.config (the backend functions stay reachable)
__getattr__, __dir__ = forward('framework.keras.backend', 'keras.config', extra=_CONFIG,
                               star_names=sorted(_CONFIG))
