// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {TestToken} from "./TestToken.sol";

/// @title TestTokenUsdtStyle
/// @notice TestToken with Tether's approve rule: changing a non-zero allowance to another
/// non-zero value reverts, so a wallet must approve(0) first. Wallets and widgets that forget the
/// reset work on every other token and break on USDT; the sandbox reproduces that on purpose.
contract TestTokenUsdtStyle is TestToken {
    constructor(string memory name_, string memory symbol_, uint8 decimals_)
        TestToken(name_, symbol_, decimals_)
    {}

    function approve(address spender, uint256 value) public override returns (bool) {
        // Bare revert with no reason, exactly like mainnet USDT's require(): client code must
        // read the allowance and reset it, not parse an error message that the real token lacks.
        require(!(value != 0 && allowance[msg.sender][spender] != 0));
        return super.approve(spender, value);
    }
}
