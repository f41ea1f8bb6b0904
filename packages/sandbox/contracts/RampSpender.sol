// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

/// @title RampSpender
/// @notice The ramp service's spender. Users approve this contract; the service's operator then
/// pulls an off-ramp order's tokens into the treasury (the user pays only the approve gas), and
/// pays on-ramp orders out of the float this contract holds. `orderRef` ties each movement to an
/// order in the event log.
contract RampSpender {
    address public immutable owner;
    address public immutable treasury;

    event Pulled(address indexed token, address indexed from, uint256 amount, bytes32 indexed orderRef);
    event PaidOut(address indexed token, address indexed to, uint256 amount, bytes32 indexed orderRef);

    error NotOwner(address caller);
    error ZeroAddress();
    error NotAContract(address token);
    error TokenCallReverted(address token);
    error TokenReturnedFalse(address token);

    modifier onlyOwner() {
        if (msg.sender != owner) revert NotOwner(msg.sender);
        _;
    }

    constructor(address owner_, address treasury_) {
        if (owner_ == address(0) || treasury_ == address(0)) revert ZeroAddress();
        owner = owner_;
        treasury = treasury_;
    }

    /// @notice Moves `amount` base units of `token` from `from` to the treasury, using the
    /// allowance `from` gave this contract.
    function pull(address token, address from, uint256 amount, bytes32 orderRef) external onlyOwner {
        _callToken(token, abi.encodeWithSelector(0x23b872dd, from, treasury, amount));
        emit Pulled(token, from, amount, orderRef);
    }

    /// @notice Sends `amount` base units of `token` from this contract's float to `to`.
    function payout(address token, address to, uint256 amount, bytes32 orderRef) external onlyOwner {
        _callToken(token, abi.encodeWithSelector(0xa9059cbb, to, amount));
        emit PaidOut(token, to, amount, orderRef);
    }

    /// @dev Safe-transfer pattern: tokens such as mainnet USDT return nothing from transfer and
    /// transferFrom, so only an explicit `false` counts as failure. A call to an address without
    /// code would "succeed" with empty return data, hence the code check.
    function _callToken(address token, bytes memory data) private {
        if (token.code.length == 0) revert NotAContract(token);
        (bool ok, bytes memory ret) = token.call(data);
        if (!ok) {
            if (ret.length == 0) revert TokenCallReverted(token);
            // Bubble the token's own error (e.g. InsufficientAllowance) so the operator sees why.
            assembly ("memory-safe") {
                revert(add(ret, 32), mload(ret))
            }
        }
        if (ret.length != 0 && (ret.length < 32 || !abi.decode(ret, (bool)))) revert TokenReturnedFalse(token);
    }
}
