"""Where a saved config marks its layers' dtype policies as shared (Keras 3's shared_object_id)."""


def policy_marks(config, path=''):
    """[(layer path, whether its dtype policy has a shared_object_id)] in file order."""
    out = []
    if isinstance(config, dict):
        if isinstance(config.get('dtype'), dict):
            out.append((path, 'shared_object_id' in config['dtype']))
        for key, value in config.items():
            if key != 'dtype':
                name = value.get('name') if key == 'config' and isinstance(value, dict) else None
                out += policy_marks(value, path + '/' + name if name else path)
    elif isinstance(config, list):
        for value in config:
            out += policy_marks(value, path)
    return out
